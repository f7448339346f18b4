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

#[cfg(test)]
mod tests {
    use super::keys_used;

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
