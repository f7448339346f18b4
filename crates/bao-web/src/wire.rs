//! The connection's bytes: hyper answers a few broken requests itself, before any route
//! or middleware runs (400 for a malformed request, 414 for a request line past its
//! buffer, 431 for headers past it), with an empty body. [`JsonErrorsIo`] wraps the
//! connection and gives those answers the API's JSON error body too, so that every error
//! the server sends is `{"error": "...", "code": "..."}`.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection whose hyper-made error answers get a JSON body.
pub struct JsonErrorsIo<T> {
    inner: T,
    /// Rewritten bytes not yet written to `inner`.
    pending: Vec<u8>,
    written: usize,
}

impl<T> JsonErrorsIo<T> {
    /// Wraps a connection.
    pub fn new(inner: T) -> Self {
        JsonErrorsIo {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

/// The sentence for a status hyper answers itself.
fn reason(status: &str) -> String {
    match status {
        "400" => {
            "the request is not valid HTTP/1.1 (a malformed request line or header)".to_string()
        }
        "414" => format!(
            "the request path is too long; the limit is {} bytes",
            crate::guard::MAX_URI
        ),
        "431" => format!(
            "the request headers are too large; the limit is {} bytes",
            crate::guard::MAX_HEADERS
        ),
        other => format!("the request could not be served (HTTP {other})"),
    }
}

/// `head` rewritten with a JSON body when it is a whole error answer without a body
/// (what hyper writes for a request it cannot parse); `None` otherwise.
pub fn with_json_body(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let status = text.strip_prefix("HTTP/1.1 ")?.get(..3)?;
    if !(status.starts_with('4') || status.starts_with('5')) || !text.ends_with("\r\n\r\n") {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if !lower.contains("\r\ncontent-length: 0\r\n") || lower.contains("\r\ncontent-type:") {
        return None;
    }
    let code = status
        .parse::<u16>()
        .ok()
        .and_then(|s| axum::http::StatusCode::from_u16(s).ok())
        .map_or("bad_request", crate::i18n::errors::status_code);
    let body = serde_json::json!({ "error": reason(status), "code": code }).to_string();
    let at = lower.find("\r\ncontent-length: 0\r\n")?;
    let end = at + "\r\ncontent-length: 0\r\n".len();
    let mut out = String::with_capacity(text.len() + body.len() + 64);
    out.push_str(&text[..at]);
    out.push_str(&format!(
        "\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
        body.len()
    ));
    out.push_str(&text[end..]);
    out.push_str(&body);
    Some(out.into_bytes())
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrorsIo<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> JsonErrorsIo<T> {
    /// Writes what is pending; ready when nothing is.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n = match Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]) {
                Poll::Ready(Ok(n)) => n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            };
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.pending.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrorsIo<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.poll_pending(cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
            Poll::Pending => return Poll::Pending,
        }
        if let Some(rewritten) = with_json_body(buf) {
            self.pending = rewritten;
            self.written = 0;
            // The caller's bytes are taken; they reach the connection as rewritten.
            let _ = self.poll_pending(cx);
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.poll_pending(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.inner).poll_flush(cx),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.poll_pending(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.inner).poll_shutdown(cx),
            other => other,
        }
    }

    fn is_write_vectored(&self) -> bool {
        // One buffer per write: an answer's head arrives whole in one call.
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypers_empty_error_answers_get_a_body_and_others_pass() {
        let head = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(with_json_body(head).unwrap()).unwrap();
        let body = r#"{"code":"bad_request","error":"the request is not valid HTTP/1.1 (a malformed request line or header)"}"#;
        assert_eq!(
            out,
            format!("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\ndate: x\r\n\r\n{body}", body.len())
        );
        assert!(with_json_body(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(with_json_body(b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 9\r\n\r\n").is_none());
    }
}
