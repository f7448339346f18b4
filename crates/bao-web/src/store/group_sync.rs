//! Group commit for the SQLite store (issue 36): a write is acknowledged only once the
//! journal holding it is on disk, but one `fdatasync` of the write-ahead log covers every
//! transaction committed before it began.
//!
//! The database runs with `synchronous = NORMAL` in WAL mode, so a commit appends to the
//! log without syncing it (SQLite still syncs at checkpoints, so the file is never left
//! damaged). Each writer takes a sequence number under the connection's lock, right
//! after its commit, so numbers follow the log's order; then it waits until a sync that
//! began after its commit has finished. The first waiter with no sync in flight syncs
//! for everyone committed so far; the others wait for it, and the next one syncs for
//! those who committed meanwhile. With one sync in flight at a time, a disk that takes
//! 6 ms a sync acknowledges every write committed during those 6 ms together, instead
//! of one write per 6 ms.
//!
//! A failed sync is not retried: after it the kernel's page cache may have dropped the
//! unsynced pages (PostgreSQL's "fsyncgate"), so no later write is acknowledged either
//! and the operator must restart the server.

use std::path::PathBuf;
use std::sync::{Condvar, Mutex, MutexGuard};

/// Makes what was committed so far durable (the log's `fdatasync`).
pub(super) type SyncFn = Box<dyn Fn() -> std::io::Result<()> + Send + Sync>;

/// The writers' shared record of what is committed and what is on disk.
pub(super) struct GroupSync {
    state: Mutex<State>,
    done: Condvar,
    sync: SyncFn,
}

#[derive(Default)]
struct State {
    /// The sequence number of the last commit.
    committed: u64,
    /// Every commit up to this number is on disk.
    synced: u64,
    /// A sync is in flight (its caller does not hold the lock while it runs).
    syncing: bool,
    /// How many syncs ran (for the tests and the logs).
    syncs: u64,
    /// A sync failed: nothing is acknowledged any more.
    failed: Option<String>,
}

impl GroupSync {
    /// Group commit over `sync`.
    pub(super) fn new(sync: SyncFn) -> GroupSync {
        GroupSync {
            state: Mutex::new(State::default()),
            done: Condvar::new(),
            sync,
        }
    }

    /// Group commit over the write-ahead log of the database at `db`: the file
    /// `<db>-wal`, opened at its first sync (SQLite creates it with the first write).
    pub(super) fn for_wal(db: &std::path::Path) -> GroupSync {
        let mut wal = db.as_os_str().to_owned();
        wal.push("-wal");
        let wal = PathBuf::from(wal);
        let file: Mutex<Option<std::fs::File>> = Mutex::new(None);
        GroupSync::new(Box::new(move || {
            let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
            if f.is_none() {
                *f = Some(std::fs::File::open(&wal).map_err(|e| {
                    std::io::Error::new(e.kind(), format!("{}: {e}", wal.display()))
                })?);
            }
            f.as_ref().expect("opened above").sync_data()
        }))
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes one commit; call it right after the commit, under the connection's lock.
    /// Returns the commit's sequence number, for [`GroupSync::wait`].
    pub(super) fn committed(&self) -> u64 {
        let mut st = self.lock();
        st.committed += 1;
        st.committed
    }

    /// Waits until commit `seq` is on disk, running the sync itself when none is in
    /// flight.
    ///
    /// # Errors
    /// The sync's failure, in words, for this and every later write.
    pub(super) fn wait(&self, seq: u64) -> Result<(), String> {
        let mut st = self.lock();
        loop {
            if let Some(e) = &st.failed {
                return Err(e.clone());
            }
            if st.synced >= seq {
                return Ok(());
            }
            if st.syncing {
                st = self.done.wait(st).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            st.syncing = true;
            let target = st.committed;
            drop(st);
            let result = (self.sync)();
            st = self.lock();
            st.syncing = false;
            st.syncs += 1;
            match result {
                Ok(()) => st.synced = st.synced.max(target),
                Err(e) => {
                    st.failed = Some(format!(
                        "the disk failed to make the journal durable ({e}); no write is acknowledged after it: restart the server"
                    ))
                }
            }
            self.done.notify_all();
        }
    }

    /// How many syncs ran so far.
    #[cfg(test)]
    pub(super) fn syncs(&self) -> u64 {
        self.lock().syncs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{mpsc, Arc};
    use std::time::{Duration, Instant};

    /// A sync that blocks until the test lets it go, and says when it starts.
    fn gated() -> (GroupSync, mpsc::Sender<()>, mpsc::Receiver<()>) {
        let (go_tx, go_rx) = mpsc::channel::<()>();
        let (started_tx, started_rx) = mpsc::channel::<()>();
        let go_rx = Mutex::new(go_rx);
        let started_tx = Mutex::new(started_tx);
        let g = GroupSync::new(Box::new(move || {
            started_tx.lock().unwrap().send(()).unwrap();
            go_rx.lock().unwrap().recv().unwrap();
            Ok(())
        }));
        (g, go_tx, started_rx)
    }

    fn committed_count(g: &GroupSync) -> u64 {
        g.lock().committed
    }

    #[test]
    fn one_sync_acknowledges_every_write_committed_while_another_ran() {
        let (g, go, started) = gated();
        let g = Arc::new(g);
        let acked = Arc::new(AtomicUsize::new(0));
        let spawn = |g: &Arc<GroupSync>| {
            let (g, acked) = (Arc::clone(g), Arc::clone(&acked));
            let seq = g.committed();
            std::thread::spawn(move || {
                g.wait(seq).unwrap();
                acked.fetch_add(1, Ordering::SeqCst);
            })
        };
        // The first write syncs alone (nothing else is committed yet).
        let first = spawn(&g);
        started.recv().unwrap();
        // Four more commit while its sync is in flight: none is acknowledged by it.
        let rest: Vec<_> = (0..4).map(|_| spawn(&g)).collect();
        assert_eq!(committed_count(&g), 5);
        go.send(()).unwrap();
        first.join().unwrap();
        // The second sync covers the four.
        started
            .recv_timeout(Duration::from_secs(10))
            .expect("the four waiting writes ran no sync of their own");
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(
            acked.load(Ordering::SeqCst),
            1,
            "acknowledged before their sync"
        );
        go.send(()).unwrap();
        for t in rest {
            t.join().unwrap();
        }
        assert_eq!(acked.load(Ordering::SeqCst), 5);
        assert_eq!(g.syncs(), 2);
        // A write after them needs a sync of its own.
        let late = spawn(&g);
        started.recv_timeout(Duration::from_secs(10)).unwrap();
        go.send(()).unwrap();
        late.join().unwrap();
        assert_eq!(g.syncs(), 3);
    }

    #[test]
    fn a_failed_sync_refuses_its_writes_and_every_later_one() {
        let calls = Arc::new(AtomicUsize::new(0));
        let c = Arc::clone(&calls);
        let g = GroupSync::new(Box::new(move || {
            c.fetch_add(1, Ordering::SeqCst);
            Err(std::io::Error::other("EIO"))
        }));
        let seq = g.committed();
        let e = g.wait(seq).unwrap_err();
        assert_eq!(
            e,
            "the disk failed to make the journal durable (EIO); no write is acknowledged after it: restart the server"
        );
        let seq = g.committed();
        assert_eq!(g.wait(seq).unwrap_err(), e);
        assert_eq!(
            calls.load(Ordering::SeqCst),
            1,
            "a failed sync is not retried"
        );
    }

    #[test]
    fn the_log_of_a_database_file_is_synced() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("g.sqlite3");
        let g = GroupSync::for_wal(&db);
        let seq = g.committed();
        // No log yet: the error names it.
        let e = g.wait(seq).unwrap_err();
        assert!(e.contains("g.sqlite3-wal"), "{e}");
        let g = GroupSync::for_wal(&db);
        std::fs::write(dir.path().join("g.sqlite3-wal"), b"log").unwrap();
        let t = Instant::now();
        let seq = g.committed();
        g.wait(seq).unwrap();
        assert_eq!(g.syncs(), 1);
        assert!(t.elapsed() < Duration::from_secs(30));
    }
}
