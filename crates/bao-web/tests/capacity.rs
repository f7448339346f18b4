//! Issue 36 and issue 34 (items 1, 4, 5): forwarded addresses are believed only from
//! trusted proxies; event streams have their own limits (503 with `Retry-After` past the
//! server's, 429 past one address's) while plain requests still pass; a spectator count
//! counts viewers; every response carries the security headers; a real server accepts
//! more streams than the old 512-connection cap and still answers `GET /api/meta`.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use axum::Router;
use futures_util::StreamExt;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use bao_web::proxy::{Cidr, TrustedProxies};
use bao_web::streams::Capacity;

mod common;

fn peer(ip: &str) -> bao_web::Peer {
    bao_web::Peer(SocketAddr::new(ip.parse().unwrap(), 40_000))
}

/// One request from `from` (a peer address) with extra headers; the whole response.
async fn send(
    app: &Router,
    from: &str,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Response<Body> {
    let mut r = Request::builder()
        .method(method)
        .uri(uri)
        .extension(peer(from));
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    if body.is_some() {
        r = r.header("content-type", "application/json");
    }
    let r = r
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    app.clone().oneshot(r).await.unwrap()
}

async fn json_of(res: Response<Body>) -> (StatusCode, Value) {
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn app_with(store: bao_web::store::Store, capacity: Capacity, proxies: &[&str]) -> Router {
    let app = bao_web::App::new(store, 64, bao_web::guard::Hosts { bound: None });
    let proxies = TrustedProxies(proxies.iter().map(|p| p.parse::<Cidr>().unwrap()).collect());
    bao_web::router_with(app.with_capacity(capacity, proxies))
}

fn memory() -> bao_web::store::Store {
    bao_web::store::Store::in_memory().unwrap()
}

/// Every store to test on: SQLite in memory, and PostgreSQL when it is set up.
fn stores() -> Vec<(bao_web::store::Store, Option<common::TestDb>)> {
    let mut out = vec![(memory(), None)];
    if let Some(url) = common::postgres_url() {
        let db = bao_web::store::pg::create_database(&url).unwrap();
        out.push((
            bao_web::store::Store::connect(&db).unwrap(),
            Some(common::TestDb(db)),
        ));
    }
    out
}

async fn wrong_password(app: &Router, forwarded: &str) -> u16 {
    let res = send(
        app,
        "127.0.0.1",
        "POST",
        "/api/session",
        &[("x-forwarded-for", forwarded)],
        Some(json!({"name": "carol", "password": "not the password"})),
    )
    .await;
    res.status().as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_addresses_are_believed_only_from_trusted_proxies() {
    let limit = bao_web::accounts::limit::ATTEMPTS;
    for (store, _db) in stores() {
        // Without --trusted-proxy, a local client that names a new address in every
        // request is still one client: 30 wrong passwords meet a 429.
        let app = app_with(store, Capacity::default(), &[]);
        let (s, v) = json_of(
            send(
                &app,
                "127.0.0.1",
                "POST",
                "/api/accounts",
                &[],
                Some(json!({"name": "carol", "password": "the right one"})),
            )
            .await,
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let mut statuses = Vec::new();
        for i in 0..30 {
            statuses.push(wrong_password(&app, &format!("203.0.113.{i}")).await);
        }
        assert_eq!(&statuses[..limit], vec![401; limit].as_slice());
        assert_eq!(&statuses[limit..], vec![429; 30 - limit].as_slice());
    }
    for (store, _db) in stores() {
        // With --trusted-proxy 127.0.0.1 two forwarded addresses are limited separately,
        // and an address a client puts in front of the chain is not believed.
        let app = app_with(store, Capacity::default(), &["127.0.0.1"]);
        let (s, _) = json_of(
            send(
                &app,
                "127.0.0.1",
                "POST",
                "/api/accounts",
                &[("x-forwarded-for", "198.51.100.99")],
                Some(json!({"name": "carol", "password": "the right one"})),
            )
            .await,
        )
        .await;
        assert_eq!(s, StatusCode::CREATED);
        let mut a = Vec::new();
        for i in 0..limit + 2 {
            // The client spoofs a new first entry each time; the proxy appended A.
            a.push(wrong_password(&app, &format!("10.9.9.{i}, 203.0.113.1")).await);
        }
        assert_eq!(&a[..limit], vec![401; limit].as_slice());
        assert_eq!(&a[limit..], &[429, 429]);
        let b = wrong_password(&app, "203.0.113.2").await;
        assert_eq!(b, 401, "a second forwarded address has its own attempts");
        // A peer that is not a trusted proxy is the client, whatever it forwards.
        let res = send(
            &app,
            "192.0.2.50",
            "POST",
            "/api/session",
            &[("x-forwarded-for", "203.0.113.2")],
            Some(json!({"name": "carol", "password": "not the password"})),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
}

async fn new_game(app: &Router) -> String {
    let (s, v) = json_of(
        send(
            app,
            "127.0.0.1",
            "POST",
            "/api/games",
            &[],
            Some(json!({"game": "kingulu", "south": "human", "north": "human"})),
        )
        .await,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["id"].as_str().unwrap().to_string()
}

/// The first event of a stream (its `data:` JSON), with the body still open.
async fn first_event(res: Response<Body>) -> (Value, impl Send) {
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body().into_data_stream();
    let mut text = String::new();
    while !text.contains("\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(10), body.next())
            .await
            .expect("an event within 10 s")
            .expect("the stream is open")
            .unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    let data = text
        .lines()
        .find_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")))
        .expect("a data line");
    (serde_json::from_str(data).unwrap(), body)
}

async fn stream(app: &Router, from: &str, id: &str) -> Response<Body> {
    send(
        app,
        from,
        "GET",
        &format!("/api/games/{id}/events"),
        &[],
        None,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_have_their_own_limits() {
    let app = app_with(memory(), Capacity::new(3, 2, 100), &[]);
    let id = new_game(&app).await;
    let (_, a1) = first_event(stream(&app, "10.0.0.1", &id).await).await;
    let (_, a2) = first_event(stream(&app, "10.0.0.1", &id).await).await;
    // The third of one address: 429 with a JSON error.
    let (s, v) = json_of(stream(&app, "10.0.0.1", &id).await).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        v,
        json!({"error": "address 10.0.0.1 already holds 2 live event streams, the most one address may (close a page first)", "code": "too_many_requests"})
    );
    let (_, b1) = first_event(stream(&app, "10.0.0.2", &id).await).await;
    // The server's fourth: 503 with Retry-After, quickly.
    let t = Instant::now();
    let res = stream(&app, "10.0.0.3", &id).await;
    assert!(t.elapsed() < Duration::from_secs(2));
    assert_eq!(res.headers()["retry-after"], "5");
    let (s, v) = json_of(res).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        v,
        json!({"error": "the server holds 3 live event streams, the most it may: try again in 5 s", "code": "unavailable"})
    );
    // Plain requests still pass.
    let (s, _) = json_of(send(&app, "10.0.0.3", "GET", "/api/meta", &[], None).await).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = json_of(
        send(
            &app,
            "10.0.0.3",
            "GET",
            &format!("/api/games/{id}"),
            &[],
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // A stream that closes gives its place back.
    drop(a1);
    let (_, c1) = first_event(stream(&app, "10.0.0.3", &id).await).await;
    let (s, _) = json_of(stream(&app, "10.0.0.4", &id).await).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    drop((a2, b1, c1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_default_per_address_limit_is_256() {
    let app = app_with(memory(), Capacity::new(10_000, 256, 10_000), &[]);
    let id = new_game(&app).await;
    let mut open = Vec::new();
    for _ in 0..256 {
        let res = stream(&app, "10.0.0.7", &id).await;
        assert_eq!(res.status(), StatusCode::OK);
        open.push(res);
    }
    let (s, v) = json_of(stream(&app, "10.0.0.7", &id).await).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(stream(&app, "10.0.0.8", &id).await.status(), StatusCode::OK);
}

async fn spectators(app: &Router, id: &str) -> u64 {
    let (s, v) = json_of(
        send(
            app,
            "127.0.0.1",
            "GET",
            &format!("/api/games/{id}"),
            &[],
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    v["spectators"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_count_counts_viewers_not_connections() {
    let app = app_with(memory(), Capacity::default(), &[]);
    let id = new_game(&app).await;
    let mut held = Vec::new();
    for _ in 0..5 {
        let (state, body) = first_event(stream(&app, "10.0.0.1", &id).await).await;
        assert_eq!(
            state["spectators"], 1,
            "five pages of one address are one viewer"
        );
        held.push(body);
    }
    let (state, other) = first_event(stream(&app, "10.0.0.2", &id).await).await;
    assert_eq!(state["spectators"], 2);
    assert_eq!(spectators(&app, &id).await, 2);
    // Four of the first viewer's five pages close: still two viewers.
    held.truncate(1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(spectators(&app, &id).await, 2);
    // The last one closes: one viewer.
    held.clear();
    let deadline = Instant::now() + Duration::from_secs(5);
    while spectators(&app, &id).await != 1 {
        assert!(Instant::now() < deadline, "the viewer was not counted out");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(other);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let app = app_with(memory(), Capacity::default(), &[]);
    let id = new_game(&app).await;
    for (method, uri, body) in [
        ("GET", "/".to_string(), None),
        ("GET", "/puzzles".to_string(), None),
        ("GET", "/js/api.js".to_string(), None),
        ("GET", "/style.css".to_string(), None),
        ("GET", "/api/meta".to_string(), None),
        ("GET", "/api/nothing-here".to_string(), None),
        ("GET", format!("/api/games/{id}"), None),
        ("POST", "/api/games".to_string(), Some(json!({"game": 5}))),
        ("DELETE", "/api/meta".to_string(), None),
    ] {
        let res = send(&app, "127.0.0.1", method, &uri, &[], body).await;
        let h = res.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert_eq!(csp, bao_web::headers::CSP, "{method} {uri}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{method} {uri}");
        assert_eq!(h["referrer-policy"], "same-origin", "{method} {uri}");
    }
    let csp = bao_web::headers::CSP;
    for part in [
        "default-src 'self'",
        "script-src 'self';",
        "style-src 'self';",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(part), "{part}");
    }
    assert!(!csp.contains("unsafe"), "{csp}");
}

/// A server in this process on a free port: its address.
async fn start_server(dir: &std::path::Path) -> u16 {
    let config = bao_web::ServeConfig {
        host: "127.0.0.1".parse::<IpAddr>().unwrap(),
        port: 0,
        db: Some(dir.join("games.sqlite3")),
        memory_mb: 64,
        // One address may hold all of this test's streams.
        max_streams_per_address: 10_000,
        ..Default::default()
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(bao_web::BLOCKING_THREADS)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            // serve prints its address; find the port by binding the same way instead.
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let port = listener.local_addr().unwrap().port();
            drop(listener);
            tx.send(port).unwrap();
            let _ = bao_web::serve(bao_web::ServeConfig { port, ..config }).await;
        });
    });
    let port = rx.recv().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "the server did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    port
}

async fn raw(port: u16, request: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    s.write_all(request.as_bytes()).await.unwrap();
    s
}

/// Reads until the head of the answer has arrived; its status.
async fn status_of(s: &mut tokio::net::TcpStream) -> u16 {
    use tokio::io::AsyncReadExt;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(20), s.read(&mut chunk))
            .await
            .expect("an answer within 20 s")
            .unwrap();
        assert!(n > 0, "the server closed the connection");
        buf.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8_lossy(&buf[9..12]).parse().unwrap()
}

#[test]
fn a_real_server_holds_more_streams_than_the_old_cap_and_still_answers() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let port = start_server(dir.path()).await;
        let mut create = raw(
            port,
            &format!("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{{\"game\":\"kingulu\",\"south\":\"human\",\"north\":\"human\"}}"),
        )
        .await;
        let mut text = String::new();
        tokio::io::AsyncReadExt::read_to_string(&mut create, &mut text)
            .await
            .unwrap();
        let body = text.split_once("\r\n\r\n").unwrap().1;
        let id = serde_json::from_str::<Value>(body).unwrap_or_else(|_| panic!("{text}"))["id"]
            .as_str()
            .unwrap()
            .to_string();
        // 600 streams: more than the 512 connections the server once accepted in all.
        let mut streams = Vec::new();
        for _ in 0..600 {
            let mut s = raw(
                port,
                &format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
            )
            .await;
            assert_eq!(status_of(&mut s).await, 200);
            streams.push(s);
        }
        // The health check still answers, quickly.
        let t = Instant::now();
        let mut meta = raw(
            port,
            &format!("GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
        )
        .await;
        assert_eq!(status_of(&mut meta).await, 200);
        assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
        drop(streams);
    });
}
