// The fixture format lands with the FixtureKit issue.
