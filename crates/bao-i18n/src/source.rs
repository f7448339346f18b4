//! What the catalogues hold and what code uses, for the completeness tests: the keys of a
//! language, the arguments (`$name`) a message refers to, and the keys a source file asks
//! for through the one call pattern the code uses, `t!("key"`.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;
use std::collections::{BTreeMap, BTreeSet};

/// Every message of language `tag` with the arguments it refers to; the parse errors of
/// its files as sentences (`file: error`).
pub fn messages(tag: &str) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mut found = BTreeMap::new();
    let mut errors = Vec::new();
    for (file, text) in crate::catalogue_files(tag) {
        let resource = match parser::parse(*text) {
            Ok(r) => r,
            Err((r, errs)) => {
                for e in errs {
                    errors.push(format!("{tag}/{file}: {e:?}"));
                }
                r
            }
        };
        for entry in &resource.body {
            if let Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                } else {
                    errors.push(format!("{tag}/{file}: {} has no value", m.id.name));
                }
                if found.insert(m.id.name.to_string(), vars).is_some() {
                    errors.push(format!("{tag}/{file}: {} defined twice", m.id.name));
                }
            }
        }
    }
    (found, errors)
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(e: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

/// The keys a source text asks for: the string literal after every `t!(` (spaces and
/// line breaks allowed between), with the argument names given after it
/// (`t!("lap-caption", k = 1, total = 3)`). Calls are found by this one pattern; a key
/// built at run time would not be (the code never does that).
pub fn keys_used(source: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut keys = Vec::new();
    let mut rest = source;
    while let Some(i) = rest.find("t!(") {
        // A word of its own (`t!`, `crate::t!`), not the end of `format!` or `print!`.
        let word = i == 0 || {
            let before = rest[..i].chars().next_back().unwrap_or(' ');
            !(before.is_alphanumeric() || before == '_')
        };
        // Not in a comment (the docs show the pattern).
        let at = source.len() - rest.len() + i;
        let line_start = source[..at].rfind('\n').map_or(0, |n| n + 1);
        let word = word && !source[line_start..at].contains("//");
        rest = &rest[i + 3..];
        let trimmed = rest.trim_start();
        if !word || !trimmed.starts_with('"') {
            continue;
        }
        rest = &trimmed[1..];
        let Some(end) = rest.find('"') else { break };
        let key = rest[..end].to_string();
        // The argument names: `name =` up to the call's closing parenthesis.
        let mut depth = 1usize;
        let mut close = rest.len();
        for (k, c) in rest.char_indices().skip(end) {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = k;
                        break;
                    }
                }
                _ => {}
            }
        }
        let call = &rest[end + 1..close];
        keys.push((key, argument_names(call)));
        rest = &rest[end..];
    }
    keys
}

/// The `name = value` names at the top level of a call's argument text (`, n = 3, hole = h`).
fn argument_names(call: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = call.as_bytes();
    let mut pieces = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                pieces.push(&call[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(&call[start..]);
    for piece in pieces {
        if let Some((name, _)) = piece.split_once('=') {
            let name = name.trim();
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                names.insert(name.to_string());
            }
        }
    }
    names
}

/// The keys a page (`static/*.html`) asks for: the value of every `data-i18n="key"` and
/// `data-i18n-ATTR="key"` attribute (messages without arguments: the server fills them).
pub fn keys_in_html(html: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("data-i18n") {
        rest = &rest[i + "data-i18n".len()..];
        let name_end = rest.find('=').unwrap_or(0);
        let attr = &rest[..name_end];
        if !(attr.is_empty() || attr.starts_with('-')) || attr.contains(char::is_whitespace) {
            continue;
        }
        let after = &rest[name_end + 1..];
        if let Some(v) = after.strip_prefix('"') {
            if let Some(end) = v.find('"') {
                keys.push(v[..end].to_string());
            }
        }
    }
    keys
}

/// The keys a script (`static/js/*.js`) asks for through its one call pattern,
/// `t('key')` or `t('key', { name: value, other })` (either quote), with the argument
/// names of the object (`name:` or a shorthand `name`). A `t(` after a letter, a digit,
/// `_`, `$` or `.` is another function's.
pub fn keys_in_js(source: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut keys = Vec::new();
    let bytes = source.as_bytes();
    let mut from = 0;
    while let Some(i) = source[from..].find("t(").map(|i| i + from) {
        from = i + 2;
        if i > 0 {
            let b = bytes[i - 1];
            if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' {
                continue;
            }
        }
        // Not in a comment (`// …`, or a `/** … */` line starting with `*`).
        let line_start = source[..i].rfind('\n').map_or(0, |n| n + 1);
        let before = &source[line_start..i];
        if before.contains("//") || before.trim_start().starts_with('*') {
            continue;
        }
        let rest = source[i + 2..].trim_start();
        let Some(q) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else {
            continue;
        };
        let Some(end) = rest[1..].find(q) else {
            continue;
        };
        let key = rest[1..=end].to_string();
        let after = rest[end + 2..].trim_start();
        let mut names = BTreeSet::new();
        if let Some(obj) = after.strip_prefix(',').map(str::trim_start) {
            if let Some(body) = obj.strip_prefix('{') {
                let mut depth = 0i32;
                let mut piece = String::new();
                let mut pieces = Vec::new();
                for c in body.chars() {
                    match c {
                        '(' | '[' | '{' => depth += 1,
                        ')' | ']' => depth -= 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            pieces.push(std::mem::take(&mut piece));
                            continue;
                        }
                        _ => {}
                    }
                    piece.push(c);
                }
                pieces.push(piece);
                for p in pieces {
                    let name = p.split(':').next().unwrap_or("").trim();
                    if !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    {
                        names.insert(name.to_string());
                    }
                }
            }
        }
        keys.push((key, names));
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::keys_used;

    #[test]
    fn pages_and_scripts_calls_are_found() {
        let html = r#"<b data-i18n="a" data-i18n-title="b" title="x">A</b><i data-x="c">"#;
        assert_eq!(super::keys_in_html(html), ["a", "b"]);
        let js = "// t('no')\n * t('no')\nt('k1'); x.t('no'); alert('x'); t(\"k2\", { n: f(a, b), side, w: { z: 1 } }); fit('no')";
        let found: Vec<(String, Vec<String>)> = super::keys_in_js(js)
            .into_iter()
            .map(|(k, a)| (k, a.into_iter().collect()))
            .collect();
        assert_eq!(
            found,
            [
                ("k1".to_string(), vec![]),
                (
                    "k2".to_string(),
                    vec!["n".to_string(), "side".to_string(), "w".to_string()]
                ),
            ]
        );
    }

    #[test]
    fn calls_are_found_with_their_arguments() {
        let code = r#"out(t!("a")); // t!("not-this")
        crate::t!(
            "b",
            n = f(x, y),
            hole = h
        ); format!("{x}"); print!("c"); t!("d", k = 1)"#;
        let found: Vec<(String, Vec<String>)> = keys_used(code)
            .into_iter()
            .map(|(k, a)| (k, a.into_iter().collect()))
            .collect();
        assert_eq!(
            found,
            [
                ("a".to_string(), vec![]),
                ("b".to_string(), vec!["hole".to_string(), "n".to_string()]),
                ("d".to_string(), vec!["k".to_string()]),
            ]
        );
    }
}
