//! The answers hyper writes itself (a malformed request 400, a request line past its
//! buffer 414) carry the JSON error body too.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn serve() -> u16 {
    let dir = tempfile::tempdir().unwrap().keep();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let config = bao_web::ServeConfig {
        host: "127.0.0.1".parse().unwrap(),
        port,
        db: Some(dir.join("games.sqlite3")),
        memory_mb: 64,
        public_url: None,
        ..Default::default()
    };
    tokio::spawn(async move { bao_web::serve(config).await.unwrap() });
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return port;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the server did not start");
}

/// Sends `request`, half-closes, reads the answer to its end.
async fn raw(port: u16, request: &[u8]) -> String {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let _ = s.write_all(request).await;
    let _ = s.shutdown().await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

fn body_of(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hypers_own_errors_are_json() {
    let port = serve().await;
    let bad = raw(
        port,
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
    )
    .await;
    assert!(bad.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{bad}");
    assert!(
        bad.contains("\r\ncontent-type: application/json\r\n"),
        "{bad}"
    );
    assert_eq!(
        body_of(&bad),
        r#"{"code":"bad_request","error":"the request is not valid HTTP/1.1 (a malformed request line or header)"}"#
    );
    let long = format!(
        "GET /{} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "a".repeat(70_000)
    );
    let long = raw(port, long.as_bytes()).await;
    assert!(long.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{long}");
    assert_eq!(
        body_of(&long),
        r#"{"code":"uri_too_long","error":"the request path is too long; the limit is 2048 bytes"}"#
    );
}
