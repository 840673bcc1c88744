import TableCore
import TableFlow

/// The HTML shell shared by `tableflow view` and `tableflow verify --html`: one self-contained
/// file with inline CSS and script and the page's data as JSON; no network, no timestamps, no
/// random ids, so the same input gives the same bytes.
package enum PageTemplate {
  /// `tableflow VERSION`: the program a page names when its caller names none.
  package static let defaultGenerator = "tableflow \(TableFlowVersion.current)"

  /// A whole page: `data` is read by the script, whose `mode` says which page to build;
  /// `generator` names the program that wrote it (`NAME VERSION`).
  package static func document(title: String, data: JSONValue, generator: String) -> String {
    var out = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"generator\" content=\"" + escaped(generator) + "\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<title>" + escaped(title) + "</title>\n<style>\n" + styleSheet + "</style>\n</head>\n"
    out += "<body>\n<noscript>This page draws its tables with JavaScript; please enable it.</noscript>\n"
    out += "<div id=\"errors\" hidden></div>\n<div id=\"app\"></div>\n"
    out += "<script type=\"application/json\" id=\"tableflow-data\">" + scriptSafe(data.text) + "</script>\n"
    out += "<script>\n" + tableScript + viewerScript + reportScript + "</script>\n</body>\n</html>\n"
    return out
  }

  /// Text for HTML content and attribute values.
  package static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  /// JSON that may sit inside a `<script>` element: `</` never appears (it could close the
  /// element), and `<!--` cannot start a comment. `\/` and `\u003c` are valid JSON escapes.
  package static func scriptSafe(_ json: String) -> String {
    json.replacingAll("</", with: "<\\/").replacingAll("<!--", with: "\\u003c!--")
  }
}

extension String {
  /// The string with every occurrence of `target` replaced (stdlib only, no Foundation).
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    guard contains(target) else { return self }
    return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
