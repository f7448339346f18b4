//! A page in the request's language (issue 29): the server fills the page before it
//! leaves — `<html lang="sw">`, the text of every element marked `data-i18n="key"` (an
//! element with text only; `data-i18n-rich="key"` the same with the message's `*words*`
//! in bold), every attribute `ATTR` of an element marked
//! `data-i18n-ATTR="key"` (`title`, `aria-label`, `placeholder`) — and puts the
//! language's messages in the page (`<script type="application/json" id="bao-messages">`,
//! [`bao_i18n::script::messages_json`]) for its scripts (`static/js/i18n.js`).

use bao_i18n::Lang;

/// `html` (a page of `static/`) in `lang`.
pub fn localize(html: &str, lang: Lang) -> String {
    let mut out = String::with_capacity(html.len() + 64 * 1024);
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(end) = tag_end(rest) else {
            break;
        };
        let tag = &rest[..=end];
        rest = &rest[end + 1..];
        if tag.starts_with("</head") {
            out.push_str("<script type=\"application/json\" id=\"bao-messages\">");
            out.push_str(&bao_i18n::script::messages_json(lang).replace("</", "<\\/"));
            out.push_str("</script>\n");
            out.push_str(tag);
            continue;
        }
        if tag.starts_with("</") || tag.starts_with("<!") {
            out.push_str(tag);
            continue;
        }
        let (name, mut attrs) = parse_tag(tag);
        let mut text_key = None;
        let mut rich = false;
        let marks: Vec<(String, String)> = attrs
            .iter()
            .filter_map(|(n, v)| {
                let v = v.as_deref()?;
                if n == "data-i18n" || n == "data-i18n-rich" {
                    text_key = Some(v.to_string());
                    rich = n == "data-i18n-rich";
                    None
                } else {
                    n.strip_prefix("data-i18n-")
                        .map(|a| (a.to_string(), v.to_string()))
                }
            })
            .collect();
        for (attr, key) in marks {
            let value = escape(&bao_i18n::tr(lang, &key, &[]));
            match attrs.iter_mut().find(|(n, _)| *n == attr) {
                Some(a) => a.1 = Some(value),
                None => attrs.push((attr, Some(value))),
            }
        }
        if name == "html" {
            match attrs.iter_mut().find(|(n, _)| n == "lang") {
                Some(a) => a.1 = Some(lang.tag().to_string()),
                None => attrs.push(("lang".into(), Some(lang.tag().to_string()))),
            }
        }
        out.push('<');
        out.push_str(&name);
        for (n, v) in &attrs {
            out.push(' ');
            out.push_str(n);
            if let Some(v) = v {
                out.push_str("=\"");
                out.push_str(v);
                out.push('"');
            }
        }
        out.push('>');
        if let Some(key) = text_key {
            // The element's text, up to its first tag, is the message.
            let stop = rest.find('<').unwrap_or(rest.len());
            let text = escape(&bao_i18n::tr(lang, &key, &[]));
            out.push_str(&if rich { bold(&text) } else { text });
            rest = &rest[stop..];
        }
    }
    out.push_str(rest);
    out
}

/// `*words*` in `<b>` (the text is escaped already; a lone `*` stays).
fn bold(text: &str) -> String {
    let parts: Vec<&str> = text.split('*').collect();
    if parts.len() < 3 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let pairs = (parts.len() - 1) / 2 * 2;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            if i <= pairs {
                out.push_str(if i % 2 == 1 { "<b>" } else { "</b>" });
            } else {
                out.push('*');
            }
        }
        out.push_str(p);
    }
    out
}

/// The index of the `>` that ends the tag `s` starts with (quotes respected).
fn tag_end(s: &str) -> Option<usize> {
    if s.starts_with("<!--") {
        return s.find("-->").map(|i| i + 2);
    }
    let mut quote = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
}

/// A start tag's name and attributes (values as written, without their quotes; a
/// value is kept in double quotes when written again, so `'` values must hold no `"`).
fn parse_tag(tag: &str) -> (String, Vec<(String, Option<String>)>) {
    let inner = tag[1..tag.len() - 1].trim_end_matches('/');
    let name_end = inner
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inner.len());
    let name = inner[..name_end].to_string();
    let mut attrs = Vec::new();
    let mut s = inner[name_end..].trim_start();
    while !s.is_empty() {
        let n_end = s
            .find(|c: char| c.is_whitespace() || c == '=')
            .unwrap_or(s.len());
        let attr = s[..n_end].to_string();
        s = s[n_end..].trim_start();
        if let Some(after) = s.strip_prefix('=') {
            let after = after.trim_start();
            let (value, left) = match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let close = after[1..].find(q).map_or(after.len(), |i| i + 1);
                    (&after[1..close], after.get(close + 1..).unwrap_or(""))
                }
                _ => {
                    let e = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..e], &after[e..])
                }
            };
            attrs.push((attr, Some(value.to_string())));
            s = left.trim_start();
        } else {
            attrs.push((attr, None));
        }
    }
    (name, attrs)
}

/// Text safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_are_bold() {
        assert_eq!(
            bold("press *Try it* or *◀ ▶*"),
            "press <b>Try it</b> or <b>◀ ▶</b>"
        );
        assert_eq!(bold("a * b"), "a * b");
        assert_eq!(bold("*a* b *c"), "<b>a</b> b *c");
    }

    #[test]
    fn marked_text_and_attributes_are_filled() {
        let html = "<!doctype html>\n<html lang=\"en\"><head><title>x</title></head><body>\
            <button id=\"b\" data-i18n=\"side-south\" data-i18n-title=\"side-north\" title=\"old\" hidden>South</button>\
            <p data-x='a>b'>keep</p></body></html>";
        let out = localize(html, Lang::SW);
        assert!(out.starts_with("<!doctype html>\n<html lang=\"sw\"><head><title>x</title><script type=\"application/json\" id=\"bao-messages\">{"), "{out}");
        assert!(out.ends_with("</script>\n</head><body><button id=\"b\" data-i18n=\"side-south\" data-i18n-title=\"side-north\" title=\"Kaskazini\" hidden>Kusini</button><p data-x=\"a>b\">keep</p></body></html>"), "{out}");
    }
}
