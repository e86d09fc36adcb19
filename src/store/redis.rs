//! The Redis backend: the replay cache, the rate limits and the legacy sessions of every replica, in one
//! Redis server. Each operation is one atomic step on the server (a `SET NX` or one Lua script), so two
//! replicas never read, decide and write over each other. Lua runs with the server's clock (`TIME`), so the
//! replicas' clocks need not agree for the rate limits.
//!
//! Keys (all under `store.key_prefix`, default `elicitguard:`):
//! - `replay:<envelope id>`: one per used envelope, expiring with the envelope (`SET NX EXAT`).
//! - `rate:p:<route length>:<route>:<principal>` and `rate:r:<route>`: one GCRA "theoretical arrival time"
//!   each (microseconds), expiring when its bucket is full again, so idle principals cost nothing. Route
//!   names are configured names, and the principal's length is fixed by the route's, so two pairs never share
//!   a key.
//! - `s:<session id>` (hash: owner, declared modes, "forgot too many"), `s:<id>:a` (asked: id key -> schema),
//!   `s:<id>:o` (asked, oldest first), `s:<id>:f` (hashes of forgotten asks): the in-process session record
//!   with the same bounds ([`sessions::MAX_OUTSTANDING`], [`sessions::MAX_FORGOTTEN`]) and idle expiry
//!   ([`sessions::SESSION_IDLE`]), refreshed on every use.
//!
//! What is not bounded here is the number of keys: every kind expires, and Redis's own `maxmemory` is the
//! bound an operator sets. With the `noeviction` policy a full Redis refuses writes, which the gateway reads
//! as a store fault and fails closed on; an evicting policy could forget a used envelope early, so the README
//! asks for `noeviction`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{RedisError, Script, Value as RedisValue};

use crate::limit::{LimitError, RateConfig, Scope};
use crate::wire::ClientModes;

use super::sessions::{self, id_key, AskLookup, Lookup};
use super::StoreError;

/// Most times the connection manager retries a reconnect before a call fails; the caller's own timeout
/// bounds the wait anyway, and the next call starts a new attempt.
const RECONNECT_RETRIES: usize = 2;

/// GCRA for one round count: the principal's bucket, then the route's (a round refused by the route still
/// spent the principal's cells, as in process). Returns `{0, 0}`, or `{scope, wait_us}` with scope 1 for the
/// principal and 2 for the route. ARGV: rounds, principal interval (µs), principal burst, route interval,
/// route burst. Times are written with `%.0f`: Lua's default number format would round microseconds.
const RATE_LUA: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local n = tonumber(ARGV[1])
local function take(key, interval, burst)
  local tat = tonumber(redis.call('GET', key) or now) or now
  if tat < now then tat = now end
  local new_tat = tat + n * interval
  local allow_at = new_tat - burst * interval
  if allow_at > now then return allow_at - now end
  redis.call('SET', key, string.format('%.0f', new_tat), 'PX', math.floor((new_tat - now) / 1000) + 1)
  return 0
end
local w = take(KEYS[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
if w > 0 then return {1, string.format('%.0f', w)} end
w = take(KEYS[2], tonumber(ARGV[4]), tonumber(ARGV[5]))
if w > 0 then return {2, string.format('%.0f', w)} end
return {0, '0'}
";

/// A session opened (or re-opened: what it asked before is forgotten). KEYS: the session's four keys.
/// ARGV: owner, modes, idle ms.
const OPEN_LUA: &str = r"
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[1], 'p', ARGV[1], 'm', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
";

/// A session looked up for a principal: `{0}` unknown, `{2}` another owner's, `{1, modes}` known (its
/// expiry refreshed). ARGV: principal, idle ms.
const LOOKUP_LUA: &str = r"
local v = redis.call('HMGET', KEYS[1], 'p', 'm')
if not v[1] then return {0} end
if v[1] ~= ARGV[1] then return {2} end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
return {1, v[2]}
";

/// Form questions remembered, with the in-process bounds: past `max_outstanding` the oldest is forgotten
/// (its key's SHA-1 kept, so an answer to it is refused), past `max_forgotten` forgotten ones the session
/// refuses every answer it cannot match. ARGV: idle ms, max outstanding, max forgotten, then (key, schema)
/// pairs. Returns 0 when the session is unknown.
const REMEMBER_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local maxo = tonumber(ARGV[2])
local maxf = tonumber(ARGV[3])
for i = 4, #ARGV - 1, 2 do
  local key = ARGV[i]
  if redis.call('HEXISTS', KEYS[2], key) == 1 then redis.call('LREM', KEYS[3], 0, key) end
  while redis.call('LLEN', KEYS[3]) >= maxo do
    local old = redis.call('LPOP', KEYS[3])
    redis.call('HDEL', KEYS[2], old)
    redis.call('RPUSH', KEYS[4], redis.sha1hex(old))
    if redis.call('LLEN', KEYS[4]) > maxf then
      redis.call('LPOP', KEYS[4])
      redis.call('HSET', KEYS[1], 'f', '1')
    end
  end
  redis.call('RPUSH', KEYS[3], key)
  redis.call('HSET', KEYS[2], key, ARGV[i + 1])
end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
return 1
";

/// What a server request asked, taken: `{0}` not a form (or unknown session), `{1, schema}`, `{2}`
/// forgotten, `{3}` unreadable id. ARGV: the id key, or '' when the id cannot be read.
const TAKE_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
if ARGV[1] == '' then return {3} end
local schema = redis.call('HGET', KEYS[2], ARGV[1])
if schema then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('LREM', KEYS[3], 1, ARGV[1])
  return {1, schema}
end
if redis.call('LREM', KEYS[4], 1, redis.sha1hex(ARGV[1])) > 0 then return {2} end
if redis.call('HGET', KEYS[1], 'f') then return {2} end
return {0}
";

/// The backend.
pub struct RedisStore {
    conn: ConnectionManager,
    prefix: String,
    up: AtomicBool,
    rate: Script,
    open: Script,
    lookup: Script,
    remember: Script,
    take: Script,
}

impl RedisStore {
    /// A store on `url` (password from `password` when given, over any in the URL). Connects lazily.
    pub fn new(
        url: &str,
        password: Option<&str>,
        prefix: &str,
        timeout: Duration,
    ) -> Result<RedisStore, String> {
        let mut info = redis::IntoConnectionInfo::into_connection_info(url)
            .map_err(|e| format!("store.url: {:?}", e.kind()))?;
        if let Some(p) = password {
            let settings = info.redis_settings().clone().set_password(p);
            info = info.set_redis_settings(settings);
        }
        let client = redis::Client::open(info).map_err(|e| format!("store.url: {:?}", e.kind()))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(timeout))
            .set_response_timeout(Some(timeout))
            .set_number_of_retries(RECONNECT_RETRIES);
        let conn = ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|e| format!("store: {:?}", e.kind()))?;
        Ok(RedisStore {
            conn,
            prefix: prefix.to_owned(),
            up: AtomicBool::new(false),
            rate: Script::new(RATE_LUA),
            open: Script::new(OPEN_LUA),
            lookup: Script::new(LOOKUP_LUA),
            remember: Script::new(REMEMBER_LUA),
            take: Script::new(TAKE_LUA),
        })
    }

    /// Whether the last probe was answered.
    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Relaxed)
    }

    /// Records a probe's result.
    pub fn set_up(&self, up: bool) {
        self.up.store(up, Ordering::Relaxed);
    }

    /// `PING`.
    pub async fn ping(&self) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let pong: String = redis::cmd("PING")
            .query_async(&mut c)
            .await
            .map_err(fault)?;
        if pong == "PONG" {
            Ok(())
        } else {
            Err(StoreError::Protocol)
        }
    }

    /// Records an envelope id until `expires_at` (unix seconds): true when it was not recorded before.
    pub async fn use_once(&self, id: &str, expires_at: u64) -> Result<bool, StoreError> {
        let mut c = self.conn.clone();
        let set: Option<String> = redis::cmd("SET")
            .arg(format!("{}replay:{}", self.prefix, id.to_ascii_lowercase()))
            .arg(1)
            .arg("NX")
            .arg("EXAT")
            .arg(expires_at)
            .query_async(&mut c)
            .await
            .map_err(fault)?;
        Ok(set.is_some())
    }

    /// Counts `rounds` rounds; the outer error is a store fault, the inner one the limit that bit.
    pub async fn count_rounds(
        &self,
        route: &str,
        principal: &str,
        rounds: u32,
        rate: &RateConfig,
    ) -> Result<Result<(), LimitError>, StoreError> {
        // At least 1 µs: a quota over 60 million a minute would otherwise make the interval 0 and no limit.
        let interval =
            |per_minute: std::num::NonZeroU32| (60_000_000 / u64::from(per_minute.get())).max(1);
        let mut c = self.conn.clone();
        let (scope, wait_us): (u8, String) = self
            .rate
            .key(format!(
                "{}rate:p:{}:{}:{}",
                self.prefix,
                route.len(),
                route,
                principal
            ))
            .key(format!("{}rate:r:{}", self.prefix, route))
            .arg(rounds)
            .arg(interval(rate.per_principal_per_minute))
            .arg(rate.per_principal_burst.get())
            .arg(interval(rate.per_route_per_minute))
            .arg(rate.per_route_burst.get())
            .invoke_async(&mut c)
            .await
            .map_err(fault)?;
        let wait_us: u64 = wait_us.parse().map_err(|_| StoreError::Protocol)?;
        let limited = |scope| LimitError::Rate {
            scope,
            retry_after_seconds: wait_us.div_ceil(1_000_000).max(1),
        };
        match scope {
            0 => Ok(Ok(())),
            1 => Ok(Err(limited(Scope::Principal))),
            2 => Ok(Err(limited(Scope::Route))),
            _ => Err(StoreError::Protocol),
        }
    }

    fn session_keys(&self, sid: &str) -> [String; 4] {
        let base = format!("{}s:{}", self.prefix, sid);
        [
            base.clone(),
            format!("{base}:a"),
            format!("{base}:o"),
            format!("{base}:f"),
        ]
    }

    /// See [`super::Store::session_open`].
    pub async fn session_open(
        &self,
        sid: &str,
        modes: ClientModes,
        principal: &str,
    ) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let mut inv = self.open.prepare_invoke();
        for k in self.session_keys(sid) {
            inv.key(k);
        }
        let _: i64 = inv
            .arg(principal)
            .arg(modes_text(modes))
            .arg(idle_ms())
            .invoke_async(&mut c)
            .await
            .map_err(fault)?;
        Ok(())
    }

    /// See [`super::Store::session_lookup`].
    pub async fn session_lookup(&self, sid: &str, principal: &str) -> Result<Lookup, StoreError> {
        let mut c = self.conn.clone();
        let mut inv = self.lookup.prepare_invoke();
        for k in self.session_keys(sid) {
            inv.key(k);
        }
        let v: Vec<RedisValue> = inv
            .arg(principal)
            .arg(idle_ms())
            .invoke_async(&mut c)
            .await
            .map_err(fault)?;
        match v.as_slice() {
            [RedisValue::Int(0)] => Ok(Lookup::Unknown),
            [RedisValue::Int(2)] => Ok(Lookup::OtherPrincipal),
            [RedisValue::Int(1), modes] => Ok(Lookup::Known(modes_of(&text_of(modes)?))),
            _ => Err(StoreError::Protocol),
        }
    }

    /// See [`super::Store::remember_asked`].
    pub async fn remember_asked(
        &self,
        sid: &str,
        asked: Vec<(String, serde_json::Value)>,
    ) -> Result<(), StoreError> {
        if asked.is_empty() {
            return Ok(());
        }
        let mut c = self.conn.clone();
        let mut inv = self.remember.prepare_invoke();
        for k in self.session_keys(sid) {
            inv.key(k);
        }
        inv.arg(idle_ms())
            .arg(sessions::MAX_OUTSTANDING)
            .arg(sessions::MAX_FORGOTTEN);
        for (request_id, schema) in asked {
            // As in process: a server's id the tables cannot read is kept as text, and an answer under it
            // is refused.
            let key = id_key(&request_id).unwrap_or_else(|| format!("s:{request_id}"));
            let schema = serde_json::to_string(&schema).map_err(|_| StoreError::Protocol)?;
            inv.arg(key).arg(schema);
        }
        let _: i64 = inv.invoke_async(&mut c).await.map_err(fault)?;
        Ok(())
    }

    /// See [`super::Store::take_asked`].
    pub async fn take_asked(&self, sid: &str, request_id: &str) -> Result<AskLookup, StoreError> {
        let mut c = self.conn.clone();
        let mut inv = self.take.prepare_invoke();
        for k in self.session_keys(sid) {
            inv.key(k);
        }
        let v: Vec<RedisValue> = inv
            .arg(id_key(request_id).unwrap_or_default())
            .invoke_async(&mut c)
            .await
            .map_err(fault)?;
        match v.as_slice() {
            [RedisValue::Int(0)] => Ok(AskLookup::NotAForm),
            [RedisValue::Int(2)] => Ok(AskLookup::Forgotten),
            [RedisValue::Int(3)] => Ok(AskLookup::UnreadableId),
            // A schema the gateway wrote; text that does not parse is checked as `null`, which fails every
            // answer closed.
            [RedisValue::Int(1), schema] => Ok(AskLookup::Form(
                serde_json::from_str(&text_of(schema)?).unwrap_or(serde_json::Value::Null),
            )),
            _ => Err(StoreError::Protocol),
        }
    }

    /// See [`super::Store::session_remove`].
    pub async fn session_remove(&self, sid: &str) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        let _: i64 = redis::cmd("DEL")
            .arg(&self.session_keys(sid))
            .query_async(&mut c)
            .await
            .map_err(fault)?;
        Ok(())
    }
}

/// A Redis error as a store fault: a refused command (a full `noeviction` Redis, a read-only replica, a
/// wrong password) is as much a fault as a broken connection.
fn fault(e: RedisError) -> StoreError {
    if e.is_timeout() {
        StoreError::Timeout
    } else {
        StoreError::Unavailable
    }
}

fn text_of(v: &RedisValue) -> Result<String, StoreError> {
    match v {
        RedisValue::BulkString(b) => String::from_utf8(b.clone()).map_err(|_| StoreError::Protocol),
        RedisValue::SimpleString(s) => Ok(s.clone()),
        _ => Err(StoreError::Protocol),
    }
}

fn idle_ms() -> u64 {
    u64::try_from(sessions::SESSION_IDLE.as_millis()).unwrap_or(u64::MAX)
}

/// The declared modes as four flags, `f`, `u`, `s`, `r`.
fn modes_text(m: ClientModes) -> String {
    [
        (m.form, 'f'),
        (m.url, 'u'),
        (m.sampling, 's'),
        (m.roots, 'r'),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, c)| *c)
    .collect()
}

fn modes_of(text: &str) -> ClientModes {
    ClientModes {
        form: text.contains('f'),
        url: text.contains('u'),
        sampling: text.contains('s'),
        roots: text.contains('r'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip() {
        for bits in 0u8..16 {
            let m = ClientModes {
                form: bits & 1 != 0,
                url: bits & 2 != 0,
                sampling: bits & 4 != 0,
                roots: bits & 8 != 0,
            };
            assert_eq!(modes_of(&modes_text(m)), m);
        }
    }
}
