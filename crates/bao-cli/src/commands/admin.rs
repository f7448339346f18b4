//! `bao admin`: acts on a server's database beside `bao serve` (issue 31): gives or
//! takes the moderator role.

use anyhow::{bail, Context, Result};

/// Administer a `bao serve` database: who moderates the chat and the accounts.
#[derive(clap::Subcommand, Debug)]
pub enum AdminCommand {
    /// Make account NAME a moderator: it sees the reported chat lines and may mute or
    /// close accounts (docs/web.md, "Moderation").
    Grant(AdminArgs),
    /// Take the moderator role from account NAME.
    Revoke(AdminArgs),
}

/// The account and the database.
#[derive(clap::Args, Debug)]
pub struct AdminArgs {
    /// The account's name (any case).
    pub name: String,
    /// The database `bao serve` uses: a SQLite file (default: its default file; stop
    /// the server first, it holds the file locked) or a postgres:// URL.
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<String>,
}

/// Runs `bao admin grant|revoke NAME`.
pub fn run(command: AdminCommand) -> Result<()> {
    let (args, role, done) = match command {
        AdminCommand::Grant(a) => (
            a,
            Some(bao_web::moderation::MODERATOR),
            "is a moderator now",
        ),
        AdminCommand::Revoke(a) => (a, None, "is no longer a moderator"),
    };
    let db = match args.db {
        Some(db) => db,
        None => bao_web::store::default_path()
            .context("cannot find the default database: give one with --db PATH|URL")?
            .display()
            .to_string(),
    };
    let store = bao_web::store::Store::open_db(&db)?;
    let found = store
        .set_role(&args.name, role)
        .with_context(|| format!("cannot change the role in {}", store.path()))?;
    if !found {
        bail!(
            "no account named {:?} in {} (engine accounts cannot moderate)",
            args.name,
            store.path()
        );
    }
    println!("bao: {} {done} ({})", args.name, store.path());
    Ok(())
}
