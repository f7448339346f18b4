//! The SQL both databases run: values ([`Val`]), rows ([`Row`]) and one way to run a
//! statement ([`Exec`]), so that each resource's queries are written once for SQLite and
//! PostgreSQL.
//!
//! Statements use SQLite's numbered parameters `?1`, `?2`, ...; on PostgreSQL they are
//! rewritten to `$1`, `$2`, ... ([`pg_params`]). Integers are 64-bit (`BIGINT` in the
//! PostgreSQL migrations), reals are `DOUBLE PRECISION`, booleans are integers 0/1.

/// One SQL value.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// NULL.
    Null,
    /// A 64-bit integer.
    Int(i64),
    /// A double.
    Real(f64),
    /// Text.
    Text(String),
}

impl From<i64> for Val {
    fn from(v: i64) -> Val {
        Val::Int(v)
    }
}

impl From<u8> for Val {
    fn from(v: u8) -> Val {
        Val::Int(i64::from(v))
    }
}

impl From<u32> for Val {
    fn from(v: u32) -> Val {
        Val::Int(i64::from(v))
    }
}

impl From<usize> for Val {
    /// Saturates at `i64::MAX` (a limit or offset past every row all the same).
    fn from(v: usize) -> Val {
        Val::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

impl From<bool> for Val {
    fn from(v: bool) -> Val {
        Val::Int(i64::from(v))
    }
}

impl From<f64> for Val {
    fn from(v: f64) -> Val {
        Val::Real(v)
    }
}

impl From<&str> for Val {
    fn from(v: &str) -> Val {
        Val::Text(v.to_string())
    }
}

impl From<&String> for Val {
    fn from(v: &String) -> Val {
        Val::Text(v.clone())
    }
}

impl From<String> for Val {
    fn from(v: String) -> Val {
        Val::Text(v)
    }
}

impl<T: Into<Val>> From<Option<T>> for Val {
    fn from(v: Option<T>) -> Val {
        v.map_or(Val::Null, Into::into)
    }
}

impl<T: Clone + Into<Val>> From<&Option<T>> for Val {
    fn from(v: &Option<T>) -> Val {
        v.clone().map_or(Val::Null, Into::into)
    }
}

/// The parameters of a statement: `params![a, b, ...]` of anything that is a [`Val`].
#[macro_export]
macro_rules! params {
    ($($v:expr),* $(,)?) => {
        &[$($crate::store::sql::Val::from($v)),*]
    };
}

/// Why a statement failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite refused or failed (disk full, read-only, damaged, constraint).
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL refused or failed, or cannot be reached.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] postgres::Error),
    /// No connection to PostgreSQL came free or could be made.
    #[error("PostgreSQL: {0}")]
    Pool(#[from] r2d2::Error),
    /// The game was changed meanwhile (its version moved on): a transaction returns
    /// this to write nothing ([`super::StoreError::Stale`]).
    #[error("game {0} was changed meanwhile")]
    Stale(String),
    /// A stored value is not of the type read (a damaged row).
    #[error("column {0}: {1}")]
    Decode(usize, String),
}

impl DbError {
    /// A unique or primary-key constraint refused the write (two instances creating the
    /// same account name, say).
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => {
                e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            }
            DbError::Postgres(e) => e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION),
            _ => false,
        }
    }

    /// A damaged value of one row (that row alone can be skipped).
    pub fn is_decode(&self) -> bool {
        matches!(
            self,
            DbError::Decode(..)
                | DbError::Sqlite(
                    rusqlite::Error::FromSqlConversionFailure(..)
                        | rusqlite::Error::InvalidColumnType(..)
                        | rusqlite::Error::IntegralValueOutOfRange(..)
                )
        )
    }
}

/// The result of a statement.
pub type DbResult<T> = Result<T, DbError>;

/// One row read: its columns' values, read by column name (the name in the query:
/// the column's own, or its `AS` alias).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The columns' names, in the query's order.
    pub names: std::sync::Arc<[String]>,
    /// The values, in the same order.
    pub vals: Vec<Val>,
}

impl Row {
    /// The index and value of column `name`.
    fn at(&self, name: &str) -> DbResult<(usize, &Val)> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| self.vals.get(i).map(|v| (i, v)))
            .ok_or_else(|| DbError::Decode(self.vals.len(), format!("no column {name:?}")))
    }

    /// Column `name` as an integer.
    ///
    /// # Errors
    /// [`DbError::Decode`] for NULL, text or a real, or no such column.
    pub fn int(&self, name: &str) -> DbResult<i64> {
        match self.at(name)? {
            (_, Val::Int(v)) => Ok(*v),
            (i, other) => Err(DbError::Decode(
                i,
                format!("{name}: expected an integer, got {other:?}"),
            )),
        }
    }

    /// Column `name` as an integer or NULL.
    ///
    /// # Errors
    /// [`DbError::Decode`] for text or a real, or no such column.
    pub fn opt_int(&self, name: &str) -> DbResult<Option<i64>> {
        match self.at(name)? {
            (_, Val::Null) => Ok(None),
            _ => self.int(name).map(Some),
        }
    }

    /// Column `name` as a real (an integer is widened).
    ///
    /// # Errors
    /// [`DbError::Decode`] for NULL or text, or no such column.
    pub fn real(&self, name: &str) -> DbResult<f64> {
        match self.at(name)? {
            (_, Val::Real(v)) => Ok(*v),
            (_, Val::Int(v)) => Ok(*v as f64),
            (i, other) => Err(DbError::Decode(
                i,
                format!("{name}: expected a number, got {other:?}"),
            )),
        }
    }

    /// Column `name` as text.
    ///
    /// # Errors
    /// [`DbError::Decode`] for anything else, or no such column.
    pub fn text(&self, name: &str) -> DbResult<String> {
        match self.at(name)? {
            (_, Val::Text(v)) => Ok(v.clone()),
            (i, other) => Err(DbError::Decode(
                i,
                format!("{name}: expected text, got {other:?}"),
            )),
        }
    }

    /// Column `name` as text or NULL.
    ///
    /// # Errors
    /// [`DbError::Decode`] for a number, or no such column.
    pub fn opt_text(&self, name: &str) -> DbResult<Option<String>> {
        match self.at(name)? {
            (_, Val::Null) => Ok(None),
            _ => self.text(name).map(Some),
        }
    }

    /// A decoding error for column `name` (a value of the right type that means
    /// nothing: an unknown game, a clock that is not JSON).
    pub fn bad(&self, name: &str, why: impl std::fmt::Display) -> DbError {
        let i = self
            .names
            .iter()
            .position(|n| n == name)
            .unwrap_or(self.vals.len());
        DbError::Decode(i, format!("{name}: {why}"))
    }
}

/// Runs statements on one connection or inside one transaction, whichever database.
pub trait Exec {
    /// Runs a statement; the rows it changed.
    ///
    /// # Errors
    /// The database's error.
    fn exec(&mut self, sql: &str, params: &[Val]) -> DbResult<u64>;

    /// Runs a query; all its rows.
    ///
    /// # Errors
    /// The database's error.
    fn query(&mut self, sql: &str, params: &[Val]) -> DbResult<Vec<Row>>;

    /// Runs a query; its first row, if any.
    ///
    /// # Errors
    /// The database's error.
    fn query_opt(&mut self, sql: &str, params: &[Val]) -> DbResult<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// Runs a query that returns one row.
    ///
    /// # Errors
    /// The database's error, or [`DbError::Decode`] when it returned no row.
    fn query_one(&mut self, sql: &str, params: &[Val]) -> DbResult<Row> {
        self.query_opt(sql, params)?
            .ok_or_else(|| DbError::Decode(0, "the query returned no row".into()))
    }
}

// --- SQLite -------------------------------------------------------------------------

impl rusqlite::ToSql for Val {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value, ValueRef};
        Ok(match self {
            Val::Null => ToSqlOutput::Owned(Value::Null),
            Val::Int(v) => ToSqlOutput::Owned(Value::Integer(*v)),
            Val::Real(v) => ToSqlOutput::Owned(Value::Real(*v)),
            Val::Text(v) => ToSqlOutput::Borrowed(ValueRef::Text(v.as_bytes())),
        })
    }
}

fn sqlite_row(r: &rusqlite::Row<'_>, names: &std::sync::Arc<[String]>) -> rusqlite::Result<Row> {
    let n = names.len();
    use rusqlite::types::ValueRef;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(match r.get_ref(i)? {
            ValueRef::Null => Val::Null,
            ValueRef::Integer(v) => Val::Int(v),
            ValueRef::Real(v) => Val::Real(v),
            ValueRef::Text(t) => Val::Text(String::from_utf8_lossy(t).into_owned()),
            ValueRef::Blob(_) => {
                return Err(rusqlite::Error::InvalidColumnType(
                    i,
                    String::new(),
                    rusqlite::types::Type::Blob,
                ))
            }
        });
    }
    Ok(Row {
        names: std::sync::Arc::clone(names),
        vals: out,
    })
}

/// A statement on a SQLite connection (a transaction derefs to its connection).
fn sqlite_exec(c: &rusqlite::Connection, sql: &str, params: &[Val]) -> DbResult<u64> {
    Ok(c.execute(sql, rusqlite::params_from_iter(params))? as u64)
}

/// A query on a SQLite connection; its rows.
fn sqlite_query(c: &rusqlite::Connection, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
    let mut stmt = c.prepare_cached(sql)?;
    let names: std::sync::Arc<[String]> = stmt
        .column_names()
        .into_iter()
        .map(str::to_string)
        .collect();
    let rows = stmt.query_map(rusqlite::params_from_iter(params), |r| {
        sqlite_row(r, &names)
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Exec for rusqlite::Connection {
    fn exec(&mut self, sql: &str, params: &[Val]) -> DbResult<u64> {
        sqlite_exec(self, sql, params)
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
        sqlite_query(self, sql, params)
    }
}

/// A SQLite transaction (its connection borrowed for the transaction's life).
pub struct SqliteTx<'a>(pub rusqlite::Transaction<'a>);

impl Exec for SqliteTx<'_> {
    fn exec(&mut self, sql: &str, params: &[Val]) -> DbResult<u64> {
        sqlite_exec(&self.0, sql, params)
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
        sqlite_query(&self.0, sql, params)
    }
}

// --- PostgreSQL ---------------------------------------------------------------------

/// `?1` ... `?N` (outside quoted text) rewritten to PostgreSQL's `$1` ... `$N`.
pub fn pg_params(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c == '?' && !quoted && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

/// A NULL that PostgreSQL accepts for a parameter of any type.
#[derive(Debug)]
struct PgNull;

impl postgres::types::ToSql for PgNull {
    fn to_sql(
        &self,
        _: &postgres::types::Type,
        _: &mut bytes::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        Ok(postgres::types::IsNull::Yes)
    }
    fn accepts(_: &postgres::types::Type) -> bool {
        true
    }
    postgres::types::to_sql_checked!();
}

/// An integer for a parameter of any integer type (a `LIMIT`, a `BIGINT` column, or
/// an `INTEGER` one).
#[derive(Debug)]
struct PgInt(i64);

impl postgres::types::ToSql for PgInt {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use postgres::types::Type;
        match *ty {
            Type::INT2 => i16::try_from(self.0)?.to_sql(ty, out),
            Type::INT4 => i32::try_from(self.0)?.to_sql(ty, out),
            Type::BOOL => (self.0 != 0).to_sql(ty, out),
            Type::FLOAT8 => (self.0 as f64).to_sql(ty, out),
            _ => self.0.to_sql(ty, out),
        }
    }
    fn accepts(ty: &postgres::types::Type) -> bool {
        use postgres::types::Type;
        matches!(
            *ty,
            Type::INT2 | Type::INT4 | Type::INT8 | Type::BOOL | Type::FLOAT8
        )
    }
    postgres::types::to_sql_checked!();
}

fn pg_args(params: &[Val]) -> Vec<Box<dyn postgres::types::ToSql + Sync>> {
    params
        .iter()
        .map(|v| -> Box<dyn postgres::types::ToSql + Sync> {
            match v {
                Val::Null => Box::new(PgNull),
                Val::Int(i) => Box::new(PgInt(*i)),
                Val::Real(r) => Box::new(*r),
                Val::Text(t) => Box::new(t.clone()),
            }
        })
        .collect()
}

fn pg_row(r: &postgres::Row) -> DbResult<Row> {
    use postgres::types::Type;
    let mut out = Vec::with_capacity(r.len());
    for (i, col) in r.columns().iter().enumerate() {
        let bad = |e: postgres::Error| DbError::Decode(i, e.to_string());
        let v = match *col.type_() {
            Type::INT8 => r.try_get::<_, Option<i64>>(i).map_err(bad)?.map(Val::Int),
            Type::INT4 => r
                .try_get::<_, Option<i32>>(i)
                .map_err(bad)?
                .map(|v| Val::Int(i64::from(v))),
            Type::INT2 => r
                .try_get::<_, Option<i16>>(i)
                .map_err(bad)?
                .map(|v| Val::Int(i64::from(v))),
            Type::BOOL => r
                .try_get::<_, Option<bool>>(i)
                .map_err(bad)?
                .map(|v| Val::Int(i64::from(v))),
            Type::FLOAT8 => r.try_get::<_, Option<f64>>(i).map_err(bad)?.map(Val::Real),
            Type::FLOAT4 => r
                .try_get::<_, Option<f32>>(i)
                .map_err(bad)?
                .map(|v| Val::Real(f64::from(v))),
            _ => r
                .try_get::<_, Option<String>>(i)
                .map_err(bad)?
                .map(Val::Text),
        };
        out.push(v.unwrap_or(Val::Null));
    }
    Ok(Row {
        names: r.columns().iter().map(|c| c.name().to_string()).collect(),
        vals: out,
    })
}

fn pg_refs(
    args: &[Box<dyn postgres::types::ToSql + Sync>],
) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    args.iter().map(|b| b.as_ref()).collect()
}

/// A statement on a PostgreSQL connection or transaction; the rows it changed.
fn pg_exec(c: &mut impl postgres::GenericClient, sql: &str, params: &[Val]) -> DbResult<u64> {
    let args = pg_args(params);
    Ok(c.execute(pg_params(sql).as_str(), &pg_refs(&args))?)
}

/// A query on a PostgreSQL connection or transaction; its rows.
fn pg_query(c: &mut impl postgres::GenericClient, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
    let args = pg_args(params);
    let rows = c.query(pg_params(sql).as_str(), &pg_refs(&args))?;
    rows.iter().map(pg_row).collect()
}

impl Exec for postgres::Transaction<'_> {
    fn exec(&mut self, sql: &str, params: &[Val]) -> DbResult<u64> {
        pg_exec(self, sql, params)
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
        pg_query(self, sql, params)
    }
}

impl Exec for postgres::Client {
    fn exec(&mut self, sql: &str, params: &[Val]) -> DbResult<u64> {
        pg_exec(self, sql, params)
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> DbResult<Vec<Row>> {
        pg_query(self, sql, params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_for_postgres_outside_quotes() {
        assert_eq!(
            pg_params("SELECT '?1', x FROM t WHERE a = ?1 AND b = ?12 OR c = ?"),
            "SELECT '?1', x FROM t WHERE a = $1 AND b = $12 OR c = ?"
        );
    }

    #[test]
    fn sqlite_rows_read_back_every_type() {
        let mut c = rusqlite::Connection::open_in_memory().unwrap();
        let rows = c
            .query(
                "SELECT ?1 AS i, ?2 AS r, ?3 AS t, ?4 AS n",
                params![7_i64, 2.5_f64, "text", None::<String>],
            )
            .unwrap();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!(&*r.names, ["i", "r", "t", "n"].map(String::from));
        assert_eq!(
            r.vals,
            vec![
                Val::Int(7),
                Val::Real(2.5),
                Val::Text("text".into()),
                Val::Null
            ]
        );
        assert_eq!((r.int("i").unwrap(), r.real("r").unwrap()), (7, 2.5));
        assert_eq!(r.text("t").unwrap(), "text");
        assert_eq!(r.opt_text("n").unwrap(), None);
        assert!(r.int("t").unwrap_err().is_decode());
        assert_eq!(
            r.int("x").unwrap_err().to_string(),
            DbError::Decode(4, "no column \"x\"".into()).to_string()
        );
    }
}
