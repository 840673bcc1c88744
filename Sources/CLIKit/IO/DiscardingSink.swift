/// A sink that keeps nothing.
struct DiscardingSink: OutputSink {
  func write(_ text: String) {}
  func write(bytes: [UInt8]) {}
  func flush() {}
}
