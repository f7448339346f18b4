//! The local web app (`bao serve`): an axum server with an embedded static board.
//! STUB: being built.
#![deny(missing_docs)]
