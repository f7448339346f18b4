//! Accounts: sign up, sign in and out, who is signed in.
//!
//! * [`model`]: names (3–20 of `A-Za-z0-9_-`, unique ignoring case), passwords (8–200
//!   characters, argon2id), the engine accounts `bao-1` … `bao-10` (and no person's name
//!   like theirs: `bao` followed by digits);
//! * [`repo`]: the tables `accounts` and `sessions`;
//! * [`cache`]: the sessions looked up, in memory (SQLite only);
//! * [`session`]: the session cookie (`bao_session`: a random token, `HttpOnly`,
//!   `SameSite=Lax`, `Secure` behind an https public URL) and the signed-in account of a
//!   request;
//! * [`limit`]: sign-ups per client address, failed sign-ins per (address, account) and
//!   per address (429);
//! * `routes`: `POST /api/accounts`, `POST|DELETE /api/session`, `GET /api/me`.

pub mod cache;
pub mod limit;
pub mod model;
pub mod repo;
pub mod session;

mod routes;

pub use model::Account;
pub use routes::routes;
pub use session::signed_in;
