//! Moderation (issue 31): the moderator role (`bao admin grant NAME`, a command on the
//! database: [`crate::store::Store::set_role`]), the reports of chat lines
//! (`GET /api/mod/reports`, `POST /api/mod/reports/{id}/resolve`), muting an account
//! in every chat and closing an account (`POST /api/mod/accounts/{name}/mute`,
//! `…/close`: it cannot sign in again and its sessions end at once).
//!
//! * [`repo`]: the accounts' `role`, `chat_muted`, `closed`, and the reports;
//! * `routes`: the handlers (403 for anyone but a moderator).

pub mod repo;

mod routes;

pub use routes::routes;

/// The role that moderates.
pub const MODERATOR: &str = "moderator";
