//! The request's language (issue 29): [`choose`] gives every request its [`Lang`]
//! (`?lang=xx` in the address, which also sets the cookie `bao_lang`; else that cookie;
//! else the signed-in player's saved language; else `Accept-Language`; else English), puts
//! it in the request's extensions for [`ReqLang`], and puts an error answer's sentence
//! into that language ([`localize`]). [`page`] fills a page's `data-i18n` elements and
//! hands the language's messages to its scripts.

pub mod errors;
pub mod page;
pub mod routes;

use std::convert::Infallible;
use std::sync::Arc;

use axum::async_trait;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Uri};
use axum::middleware::Next;
use axum::response::Response;
pub use bao_i18n::game::{end_said, phrase};
pub use bao_i18n::Lang;
pub use bao_i18n::{side_said, Arg, Said};

use crate::app::App;

/// The cookie that keeps the language a player chose with the switch or `?lang=`.
pub const COOKIE: &str = "bao_lang";

/// How long the language cookie lasts: a year, in seconds.
pub const COOKIE_SECS: u64 = 365 * 24 * 3600;

/// The request's language, as [`choose`] found it (English when the middleware did not
/// run, as in a router without it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReqLang(pub Lang);

#[async_trait]
impl<S: Send + Sync> FromRequestParts<S> for ReqLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(ReqLang(
            parts.extensions.get::<Lang>().copied().unwrap_or(Lang::EN),
        ))
    }
}

/// The language `?lang=xx` asks for (`sw`, `en`, `sw-TZ`, `en-XA`); `None` without it or
/// for a language not registered (then the other ways decide).
pub fn query_lang(uri: &Uri) -> Option<Lang> {
    uri.query()?
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == "lang")
        .and_then(|(_, v)| Lang::from_tag(&v.chars().take(40).collect::<String>()).ok())
}

/// The language of the `bao_lang` cookie, if it names one.
pub fn cookie_lang(headers: &HeaderMap) -> Option<Lang> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .and_then(|(_, v)| Lang::from_tag(&v.trim().chars().take(40).collect::<String>()).ok())
}

/// The `Set-Cookie` value that keeps `lang` for a year (SameSite=Lax, readable by the
/// page's script: it holds nothing secret).
pub fn set_cookie(lang: Lang) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{COOKIE}={}; SameSite=Lax; Path=/; Max-Age={COOKIE_SECS}",
        lang.tag()
    ))
    .expect("a language tag is header-safe")
}

/// The language from the request's headers alone, for the steps after `?lang=` and the
/// cookie: `account` is the signed-in player's saved tag (read only when asked).
pub fn from_headers(headers: &HeaderMap, account: impl FnOnce() -> Option<String>) -> Lang {
    if let Some(l) = cookie_lang(headers) {
        return l;
    }
    if let Some(l) = account().and_then(|t| Lang::from_tag(&t).ok()) {
        return l;
    }
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or(Lang::EN, Lang::negotiate)
}

/// The middleware: finds the request's language (module docs), sets the cookie for
/// `?lang=` (and for a page whose language came from the account), and puts error answers
/// into the language ([`errors::localize`]).
pub(crate) async fn choose(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let asked = query_lang(req.uri());
    let mut remembered = None;
    let lang = match asked {
        Some(l) => l,
        // The account is read for a page only (not for the API or its event streams, which
        // take no blocking thread, issue 36); the page then sets the cookie, so that the
        // page's own requests carry the language.
        None if is_page(&req)
            && cookie_lang(req.headers()).is_none()
            && crate::accounts::session::token_of(req.headers()).is_some() =>
        {
            let headers = req.headers().clone();
            let saved = crate::http::blocking(move || {
                let token = crate::accounts::session::token_of(&headers);
                Ok(token.and_then(|t| {
                    app.store
                        .session_lang(&crate::accounts::session::token_hash(&t))
                        .ok()
                        .flatten()
                }))
            })
            .await
            .ok()
            .flatten();
            remembered = saved.as_deref().and_then(|t| Lang::from_tag(t).ok());
            from_headers(req.headers(), || saved)
        }
        None => from_headers(req.headers(), || None),
    };
    req.extensions_mut().insert(lang);
    let mut res = next.run(req).await;
    if let Some(l) = asked.or(remembered) {
        res.headers_mut().append(header::SET_COOKIE, set_cookie(l));
    }
    errors::localize(lang, res)
}

/// Whether `req` asks for a page (`GET /`, `/lobby`, `/@/amina`, `….html`), not the API,
/// a stream or a script.
fn is_page(req: &Request) -> bool {
    let path = req.uri().path();
    let last = path.rsplit('/').next().unwrap_or("");
    req.method() == axum::http::Method::GET
        && !path.starts_with("/api/")
        && (!last.contains('.') || last.ends_with(".html"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_beats_the_cookie_beats_the_account_beats_the_header() {
        let uri: Uri = "/?x=1&lang=sw".parse().unwrap();
        assert_eq!(query_lang(&uri), Some(Lang::SW));
        let uri: Uri = "/?lang=fr".parse().unwrap();
        assert_eq!(query_lang(&uri), None);
        let uri: Uri = "/learn?lang=en-XA".parse().unwrap();
        assert_eq!(query_lang(&uri), Some(Lang::PSEUDO));
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, "sw-TZ,sw;q=0.9".parse().unwrap());
        assert_eq!(from_headers(&h, || None), Lang::SW);
        assert_eq!(from_headers(&h, || Some("en".into())), Lang::EN);
        h.insert(header::COOKIE, "bao=x; bao_lang=sw".parse().unwrap());
        assert_eq!(from_headers(&h, || Some("en".into())), Lang::SW);
        h.insert(header::COOKIE, "bao_lang=en".parse().unwrap());
        assert_eq!(from_headers(&h, || None), Lang::EN);
        assert_eq!(from_headers(&HeaderMap::new(), || None), Lang::EN);
        assert_eq!(
            set_cookie(Lang::SW),
            "bao_lang=sw; SameSite=Lax; Path=/; Max-Age=31536000"
        );
    }
}
