//! The table `server_alive` (migration 0003): when the server was last known alive.

use crate::store::Store;

impl Store {
    /// When the server was last known alive (Unix ms), if ever.
    ///
    /// # Errors
    /// The database's error.
    pub fn alive_ms(&self) -> crate::store::sql::DbResult<Option<u64>> {
        self.read(|c| {
            c.query_opt("SELECT at_ms FROM server_alive WHERE id = 1", &[])?
                .map(|r| r.int("at_ms").map(|n| n.max(0) as u64))
                .transpose()
        })
    }

    /// Notes that the server is alive at `at_ms`.
    ///
    /// # Errors
    /// The database's error.
    pub fn set_alive(&self, at_ms: u64) -> Result<(), crate::store::StoreError> {
        self.write(|tx| {
            use crate::store::sql::Exec;
            // The latest of every instance's heartbeats.
            tx.exec(
                "INSERT INTO server_alive (id, at_ms) VALUES (1, ?1) ON CONFLICT(id) DO UPDATE SET at_ms = ?1 WHERE server_alive.at_ms < ?1",
                crate::params![at_ms as i64],
            )?;
            Ok(())
        })
    }
}
