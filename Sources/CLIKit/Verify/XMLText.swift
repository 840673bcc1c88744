/// Text made safe for an XML 1.0 document (the JUnit report): markup characters become
/// entities, and characters XML 1.0 forbids (the C0 controls other than tab, line feed and
/// carriage return, and the non-characters U+FFFE and U+FFFF) are written as the visible text
/// `\uXXXX`, since no XML escape can carry them.
enum XMLText {
  /// `text` for element content: `&`, `<` and `>` as entities.
  static func content(_ text: String) -> String { escaped(text, attribute: false) }

  /// `text` for an attribute value in double quotes: also `"` and `'` as entities, and tab,
  /// line feed and carriage return as character references, which attribute normalisation
  /// would otherwise turn into spaces.
  static func attribute(_ text: String) -> String { escaped(text, attribute: true) }

  private static func escaped(_ text: String, attribute: Bool) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"" where attribute: output += "&quot;"
      case "'" where attribute: output += "&apos;"
      case "\t" where attribute: output += "&#9;"
      case "\n" where attribute: output += "&#10;"
      case "\r": output += "&#13;"  // a raw one would be normalised to a line feed
      case "\t", "\n": output.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}
