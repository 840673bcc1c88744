// Replay and recording expose fixture types (`FixtureHeader`, `FixtureRecord`, `FixtureError`,
// `FixtureLimits`, `Redaction`…) from FixtureKit, which holds the file format. They are
// re-exported so that an embedder needs only `import TableFlow` to replay or record a session;
// FixtureKit's API is bytes and records only (zlib stays behind it).
@_exported import FixtureKit
