//! Arbiters' accounts: a name, a role, and a bearer token stored only as its SHA-256 hash;
//! and [`Accounts`], the service that keeps them beside the log and decides who may create,
//! see, revoke or re-issue which.
//!
//! Tokens are 32 random bytes written in hex, shown once when the account is created. A
//! request's token is hashed and looked up; the stored hash is compared in constant time.

use crate::backend::Space;
use crate::schema::TournamentId;
use crate::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;

/// What an account may do: a server administrator everywhere, a chief arbiter or an arbiter in
/// the tournaments the account names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A tablet in the hall, signed in by an arbiter: players pick their name there and act
    /// for themselves with their personal code. Nothing else.
    Terminal,
    /// Results and their corrections, in the account's tournaments.
    Arbiter,
    /// Everything in the account's tournaments: players, rounds, results, closing; and the
    /// arbiter accounts of those tournaments.
    Chief,
    /// The server's administrator: creates tournaments and accounts of every kind, and is the
    /// chief arbiter of every tournament.
    Admin,
}

impl Role {
    /// The role's name in messages.
    pub fn title(self) -> &'static str {
        match self {
            Role::Terminal => "hall terminal",
            Role::Arbiter => "arbiter",
            Role::Chief => "chief arbiter",
            Role::Admin => "administrator",
        }
    }
}

/// An account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The name, shown in the audit log.
    pub name: String,
    /// The role.
    pub role: Role,
    /// The tournaments a chief arbiter or an arbiter works in (none for an administrator).
    pub tournaments: BTreeSet<TournamentId>,
    /// SHA-256 of the token, hex.
    pub token_sha256: String,
}

/// What a request needs of its account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Any account (who am I).
    Signed,
    /// An arbiter (or the chief arbiter) of the tournament.
    Arbiter(TournamentId),
    /// The chief arbiter of the tournament.
    Chief(TournamentId),
    /// A server administrator.
    Admin,
    /// A hall terminal of the tournament (or one of its arbiters).
    Terminal(TournamentId),
    /// An administrator or the chief arbiter of some tournament (the server's rating list).
    AnyChief,
}

impl Need {
    /// The need in words: "an arbiter of tournament ...".
    pub fn title(self) -> String {
        match self {
            Need::Signed => "an account".into(),
            Need::Arbiter(t) => format!("an arbiter of tournament {}", t.0),
            Need::Chief(t) => format!("the chief arbiter of tournament {}", t.0),
            Need::Admin => "a server administrator".into(),
            Need::Terminal(t) => format!("a hall terminal of tournament {}", t.0),
            Need::AnyChief => "an administrator or a chief arbiter".into(),
        }
    }
}

impl Account {
    /// The account's role in tournament `t`, if it has one there: an administrator is the chief
    /// arbiter of every tournament.
    pub fn role_in(&self, t: TournamentId) -> Option<Role> {
        match self.role {
            Role::Admin => Some(Role::Chief),
            r => self.tournaments.contains(&t).then_some(r),
        }
    }

    /// Whether the account meets `need`.
    pub fn may(&self, need: Need) -> bool {
        match need {
            Need::Signed => true,
            Need::Arbiter(t) => self.role_in(t).is_some_and(|r| r != Role::Terminal),
            Need::Terminal(t) => self.role_in(t).is_some(),
            Need::Chief(t) => self.role_in(t) == Some(Role::Chief),
            Need::Admin => self.role == Role::Admin,
            Need::AnyChief => matches!(self.role, Role::Admin | Role::Chief),
        }
    }

    /// Whether the account may create, list, revoke or re-issue `other`: an administrator every
    /// account; a chief arbiter the arbiters whose tournaments are all its own, and itself.
    pub fn manages(&self, other: &Account) -> bool {
        match self.role {
            Role::Admin => true,
            Role::Chief => {
                other.name == self.name
                    || (matches!(other.role, Role::Arbiter | Role::Terminal)
                        && other
                            .tournaments
                            .iter()
                            .all(|t| self.tournaments.contains(t)))
            }
            // An arbiter signs the hall's terminals in and out.
            Role::Arbiter => {
                other.name == self.name
                    || (other.role == Role::Terminal
                        && other
                            .tournaments
                            .iter()
                            .all(|t| self.tournaments.contains(t)))
            }
            Role::Terminal => false,
        }
    }

    /// What the account is, in words: "an administrator", "an arbiter of tournament ...".
    pub fn scope(&self) -> String {
        match self.role {
            Role::Admin => "an administrator".to_string(),
            r if self.tournaments.is_empty() => format!("{} of no tournament", r.title()),
            r => format!(
                "{} of tournament{} {}",
                r.title(),
                if self.tournaments.len() == 1 { "" } else { "s" },
                self.tournaments
                    .iter()
                    .map(|t| t.0.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// Whether the account sees `other` in the list of accounts: its own, and those sharing one
    /// of its tournaments (an administrator sees every account).
    pub fn sees(&self, other: &Account) -> bool {
        self.role == Role::Admin
            || other.name == self.name
            || self.role != Role::Terminal
                && other
                    .tournaments
                    .iter()
                    .any(|t| self.tournaments.contains(t))
    }
}

/// An account as stored: the form written since roles have a scope (`v: 2`), or the first form.
#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    V2(StoredV2),
    V1(StoredV1),
}

/// An account as stored since roles have a scope.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredV2 {
    v: u8,
    name: String,
    role: Role,
    #[serde(default)]
    tournaments: BTreeSet<TournamentId>,
    token_sha256: String,
}

/// An account as the first builds stored it: a role for every tournament.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredV1 {
    name: String,
    role: RoleV1,
    token_sha256: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum RoleV1 {
    Arbiter,
    Chief,
}

impl Account {
    fn to_stored(&self) -> StoredV2 {
        StoredV2 {
            v: 2,
            name: self.name.clone(),
            role: self.role,
            tournaments: self.tournaments.clone(),
            token_sha256: self.token_sha256.clone(),
        }
    }

    /// Reads a stored account. Reading: an account stored before roles had a scope could act
    /// in every tournament; its chief arbiter, who managed everything, is now an administrator,
    /// and its arbiter is of no tournament until a chief arbiter or an administrator creates it
    /// again for one (keeping an arbiter in every tournament would keep the hole scopes close).
    fn from_stored(bytes: &[u8]) -> Result<Account, StoreError> {
        let stored: Stored =
            serde_json::from_slice(bytes).map_err(|e| StoreError::BadAccount(e.to_string()))?;
        Ok(match stored {
            Stored::V2(a) => Account {
                name: a.name,
                role: a.role,
                tournaments: a.tournaments,
                token_sha256: a.token_sha256,
            },
            Stored::V1(a) => Account {
                name: a.name,
                role: match a.role {
                    RoleV1::Chief => Role::Admin,
                    RoleV1::Arbiter => Role::Arbiter,
                },
                tournaments: BTreeSet::new(),
                token_sha256: a.token_sha256,
            },
        })
    }

    /// Checks the scope: an administrator names no tournament, a chief arbiter or an arbiter
    /// at least one.
    fn check_scope(&self) -> Result<(), StoreError> {
        match (self.role, self.tournaments.is_empty()) {
            (Role::Admin, false) => Err(StoreError::BadAccount(format!(
                "tournaments: the administrator {:?} acts in every tournament; name none",
                self.name
            ))),
            (Role::Chief | Role::Arbiter | Role::Terminal, true) => {
                Err(StoreError::BadAccount(format!(
                    "tournaments: the {} {:?} needs at least one tournament",
                    self.role.title(),
                    self.name
                )))
            }
            _ => Ok(()),
        }
    }
}

/// Who manages whom, in words.
const MANAGES: &str =
    "an administrator manages every account, a chief arbiter the arbiters and hall terminals of its own tournaments, an arbiter their hall terminals";

/// The refusal of `needed` to `who`, with the rule in words.
fn not_permitted(who: &Account, needed: String) -> StoreError {
    StoreError::NotPermitted {
        name: who.name.clone(),
        what: who.scope(),
        needed: format!("{needed}: {MANAGES}"),
    }
}

/// SHA-256 of a token, in hex.
pub fn hash_token(token: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(64);
    for b in Sha256::digest(token.as_bytes()) {
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 15)]));
    }
    out
}

fn new_token() -> String {
    let a = uuid::Uuid::new_v4();
    let b = uuid::Uuid::new_v4();
    a.as_bytes()
        .iter()
        .chain(b.as_bytes())
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// How long accounts read from a shared store are trusted: another process's change of an
/// account wakes the store at once; this bounds the time a lost wake-up can leave a revoked
/// token accepted.
const SHARED_ACCOUNTS_FOR: Duration = Duration::from_secs(5);

/// The accounts by token hash, the store's count of account changes when they were read, and
/// when.
type TokensCache = (u64, Instant, Arc<HashMap<String, Account>>);

/// The accounts kept beside the log, over a [`Store`]: created, checked, revoked; and the
/// decisions on who may do that to whom. Cheap to clone; every clone over one store shares
/// what it read, and every one over a clone of the store sees the others' writes.
#[derive(Clone)]
pub struct Accounts {
    store: Store,
    /// The accounts by the SHA-256 of their tokens, as the two maps hold them: read once,
    /// read again after any account changes, so that checking a request's token reads no map
    /// (every result an arbiter enters is checked).
    cache: Arc<RwLock<Option<TokensCache>>>,
}

impl Accounts {
    /// The accounts of `store`.
    pub fn new(store: Store) -> Accounts {
        Accounts {
            store,
            cache: Arc::new(RwLock::new(None)),
        }
    }

    /// Whether other processes write to the store too (a check may then read it).
    pub fn is_shared(&self) -> bool {
        self.store.is_shared()
    }

    fn backend(&self) -> &dyn crate::backend::Backend {
        self.store.backend()
    }

    /// Says that an account was written: every cache over this store reads the maps again.
    fn forget_tokens(&self) {
        self.store.accounts_changed();
    }

    /// The accounts by token hash, read from the backend's maps when the store's accounts
    /// changed since they were last read (or, on a shared store, after a few seconds).
    fn tokens_cache(
        &self,
        load: impl FnOnce() -> Result<HashMap<String, Account>, StoreError>,
    ) -> Result<Arc<HashMap<String, Account>>, StoreError> {
        let generation = self.store.accounts_generation();
        let shared = self.store.is_shared();
        let fresh =
            |c: &TokensCache| c.0 == generation && (!shared || c.1.elapsed() < SHARED_ACCOUNTS_FOR);
        if let Some(c) = self
            .cache
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .filter(|c| fresh(c))
        {
            return Ok(c.2.clone());
        }
        let mut slot = self.cache.write().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = slot.as_ref().filter(|c| fresh(c)) {
            return Ok(c.2.clone());
        }
        let c = Arc::new(load()?);
        *slot = Some((generation, Instant::now(), c.clone()));
        Ok(c)
    }

    /// The account `token` belongs to (`None`: no account has it), if it meets `need`; an
    /// account that does not is refused ([`StoreError::NotPermitted`]), naming what it is and
    /// what was needed: a token of tournament A asking to write in tournament B is refused.
    pub fn authorize(&self, token: &str, need: Need) -> Result<Option<Account>, StoreError> {
        let Some(account) = self.authenticate(token)? else {
            return Ok(None);
        };
        if !account.may(need) {
            return Err(StoreError::NotPermitted {
                name: account.name.clone(),
                what: account.scope(),
                needed: need.title(),
            });
        }
        Ok(Some(account))
    }

    /// At a server's start: the accounts of its configuration added (each replacing one of
    /// the same name), and the administrator `admin` created when there is none. Returns the
    /// new administrator's token, to be shown once; `None` when there was one already (or
    /// another server on the same database created it a moment ago).
    pub fn prepare(&self, configured: Vec<Account>) -> Result<Option<String>, StoreError> {
        for account in configured {
            self.add_account(account)?;
        }
        if self.accounts()?.iter().any(|a| a.role == Role::Admin) {
            return Ok(None);
        }
        match self.create_account("admin", Role::Admin, BTreeSet::new()) {
            Ok(token) => Ok(Some(token)),
            Err(StoreError::AccountExists(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The accounts `who` sees, by name: every account for an administrator; for a chief
    /// arbiter or an arbiter, its own and those sharing one of its tournaments.
    pub fn visible_to(&self, who: &Account) -> Result<Vec<Account>, StoreError> {
        let mut accounts = self.accounts()?;
        accounts.retain(|a| who.sees(a));
        accounts.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(accounts)
    }

    /// Creates the account `wanted` (its token hash ignored) if `who` manages such an account,
    /// and returns it with its token, shown once.
    pub fn create_by(
        &self,
        who: &Account,
        wanted: Account,
    ) -> Result<(Account, String), StoreError> {
        if !who.manages(&wanted) {
            return Err(not_permitted(
                who,
                format!("to create the {} {:?}", wanted.role.title(), wanted.name),
            ));
        }
        let token = self.create_account(&wanted.name, wanted.role, wanted.tournaments.clone())?;
        let account = Account {
            token_sha256: hash_token(&token),
            ..wanted
        };
        Ok((account, token))
    }

    /// Revokes the account `name` if `who` manages it ([`Accounts::managed_by`]).
    pub fn remove_by(&self, who: &Account, name: &str) -> Result<Account, StoreError> {
        self.managed_by(who, name)?;
        self.remove_account(name)
    }

    /// Issues the account `name` a new token if `who` manages it ([`Accounts::managed_by`]).
    pub fn reissue_by(&self, who: &Account, name: &str) -> Result<(Account, String), StoreError> {
        self.managed_by(who, name)?;
        self.reissue_token(name)
    }

    /// Whether `who` manages the account named `name`: an administrator every account, a chief
    /// arbiter the arbiters of its own tournaments. An account `who` does not see is "no
    /// account", so that names are not disclosed across tournaments.
    fn managed_by(&self, who: &Account, name: &str) -> Result<(), StoreError> {
        let account = self
            .account(name)?
            .filter(|a| who.sees(a))
            .ok_or_else(|| StoreError::NoAccount(name.to_string()))?;
        if !who.manages(&account) {
            return Err(not_permitted(
                who,
                format!("to manage the {} {:?}", account.role.title(), account.name),
            ));
        }
        Ok(())
    }

    /// Creates an account and returns its token, which is not stored and cannot be shown again.
    /// A name that is taken is refused ([`StoreError::AccountExists`]): creating it again
    /// would replace the account and revoke its token. Names are at most 64 characters,
    /// without control characters; a chief arbiter or an arbiter names the tournaments it
    /// works in (each must exist), an administrator none.
    pub fn create_account(
        &self,
        name: &str,
        role: Role,
        tournaments: BTreeSet<TournamentId>,
    ) -> Result<String, StoreError> {
        if name.trim().is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control)
        {
            return Err(StoreError::BadAccount(format!(
                "name: {:?} is empty, longer than 64 characters or holds a control character",
                name.chars().take(70).collect::<String>()
            )));
        }
        let token = new_token();
        let account = Account {
            name: name.to_string(),
            role,
            tournaments,
            token_sha256: hash_token(&token),
        };
        account.check_scope()?;
        let known = self.store.tournaments()?;
        if let Some(t) = account.tournaments.iter().find(|t| !known.contains(t)) {
            return Err(StoreError::UnknownTournament(*t));
        }
        // One at a time, so that two creations of one name cannot both pass the check; the
        // backend's insert-if-absent decides between processes.
        let _guard = self.store.account_lock();
        let bytes = serde_json::to_vec(&account.to_stored())
            .map_err(|e| StoreError::BadAccount(e.to_string()))?;
        let maps = self.backend();
        if maps
            .map_insert(Space::Accounts, name.as_bytes(), &bytes)?
            .is_some()
        {
            return Err(StoreError::AccountExists(name.to_string()));
        }
        self.forget_tokens();
        let written = self.write_token(&account);
        self.forget_tokens();
        written.map(|()| token)
    }

    /// Adds an account whose token hash is known (from the configuration); replaces an account
    /// of the same name.
    pub fn add_account(&self, account: Account) -> Result<(), StoreError> {
        if account.name.trim().is_empty() || account.token_sha256.len() != 64 {
            return Err(StoreError::BadAccount(format!(
                "account {:?}: a name and a 64-digit token_sha256 are needed",
                account.name
            )));
        }
        account.check_scope()?;
        let bytes = serde_json::to_vec(&account.to_stored())
            .map_err(|e| StoreError::BadAccount(e.to_string()))?;
        let maps = self.backend();
        // The cache is forgotten before and after the maps change: a check in between reads
        // the maps (and caches what it read, which the second forgetting drops).
        self.forget_tokens();
        let written = (|| -> Result<(), StoreError> {
            if let Some(old) = maps.map_put(Space::Accounts, account.name.as_bytes(), &bytes)? {
                if let Ok(old) = Account::from_stored(&old) {
                    maps.map_remove(Space::Tokens, old.token_sha256.as_bytes())?;
                }
            }
            self.write_token(&account)
        })();
        self.forget_tokens();
        written
    }

    /// Records `account`'s token hash, durably (the account itself is written already).
    fn write_token(&self, account: &Account) -> Result<(), StoreError> {
        self.backend().map_put(
            Space::Tokens,
            account.token_sha256.as_bytes(),
            account.name.as_bytes(),
        )?;
        self.store.flush_now()
    }

    /// The account a bearer token belongs to.
    pub fn authenticate(&self, token: &str) -> Result<Option<Account>, StoreError> {
        let hash = hash_token(token);
        let by_token = self.tokens_cache(|| {
            let mut by_token = HashMap::new();
            for (hash, name) in self.backend().map_entries(Space::Tokens)? {
                let Some(bytes) = self.backend().map_get(Space::Accounts, &name)? else {
                    continue;
                };
                let account = Account::from_stored(&bytes)?;
                by_token.insert(String::from_utf8_lossy(&hash).into_owned(), account);
            }
            Ok(by_token)
        })?;
        let account = match by_token.get(&hash).cloned() {
            Some(account) => account,
            // Another server may have created it since the accounts were read.
            None if self.is_shared() => {
                let Some(name) = self.backend().map_get(Space::Tokens, hash.as_bytes())? else {
                    return Ok(None);
                };
                let Some(account) = self.account(&String::from_utf8_lossy(&name))? else {
                    return Ok(None);
                };
                self.forget_tokens();
                account
            }
            None => return Ok(None),
        };
        let same: bool = account
            .token_sha256
            .as_bytes()
            .ct_eq(hash.as_bytes())
            .into();
        Ok(same.then_some(account))
    }

    /// Revokes an account: its token no longer signs in, and the name is free again. The last
    /// administrator cannot be removed ([`StoreError::LastAdmin`]): nobody could then create
    /// tournaments or manage the accounts.
    pub fn remove_account(&self, name: &str) -> Result<Account, StoreError> {
        let _guard = self.store.account_lock();
        let accounts = self.accounts()?;
        let Some(account) = accounts.iter().find(|a| a.name == name).cloned() else {
            return Err(StoreError::NoAccount(name.to_string()));
        };
        let admins = accounts.iter().filter(|a| a.role == Role::Admin).count();
        if account.role == Role::Admin && admins == 1 {
            return Err(StoreError::LastAdmin(name.to_string()));
        }
        let maps = self.backend();
        self.forget_tokens();
        let removed = (|| -> Result<(), StoreError> {
            maps.map_remove(Space::Tokens, account.token_sha256.as_bytes())?;
            maps.map_remove(Space::Accounts, name.as_bytes())?;
            self.store.flush_now()
        })();
        self.forget_tokens();
        removed.map(|()| account)
    }

    /// Issues a new token for an account, the old one revoked at once; the new token is
    /// returned, and shown once.
    pub fn reissue_token(&self, name: &str) -> Result<(Account, String), StoreError> {
        let _guard = self.store.account_lock();
        let Some(mut account) = self.account(name)? else {
            return Err(StoreError::NoAccount(name.to_string()));
        };
        let token = new_token();
        account.token_sha256 = hash_token(&token);
        self.add_account(account.clone())?;
        Ok((account, token))
    }

    /// The account named `name`.
    pub fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.backend()
            .map_get(Space::Accounts, name.as_bytes())?
            .map(|bytes| Account::from_stored(&bytes))
            .transpose()
    }

    /// Every account.
    pub fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        self.backend()
            .map_entries(Space::Accounts)?
            .into_iter()
            .map(|(_, v)| Account::from_stored(&v))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An account stored before roles had a scope: its chief arbiter, who managed everything,
    /// reads as an administrator; its arbiter reads as an arbiter of no tournament (allowed
    /// nothing until created again for one). What is written now reads back as written.
    #[test]
    fn an_account_stored_before_scopes_reads_as_an_administrator_or_an_arbiter_of_nothing() {
        let hash = hash_token("t");
        let old = |role: &str| {
            format!(r#"{{"name":"n","role":"{role}","token_sha256":"{hash}"}}"#).into_bytes()
        };
        let chief = Account::from_stored(&old("chief")).unwrap();
        assert_eq!((chief.role, chief.tournaments.len()), (Role::Admin, 0));
        let arbiter = Account::from_stored(&old("arbiter")).unwrap();
        assert_eq!(
            (arbiter.role, arbiter.tournaments.len()),
            (Role::Arbiter, 0)
        );
        let t = TournamentId(uuid::Uuid::from_u128(7));
        assert!(!arbiter.may(Need::Arbiter(t)));
        let now = Account {
            name: "n".into(),
            role: Role::Chief,
            tournaments: BTreeSet::from([t]),
            token_sha256: hash,
        };
        let bytes = serde_json::to_vec(&now.to_stored()).unwrap();
        assert_eq!(Account::from_stored(&bytes).unwrap(), now);
        assert!(now.may(Need::Chief(t)) && now.may(Need::Arbiter(t)) && !now.may(Need::Admin));
        assert!(!now.may(Need::Arbiter(TournamentId(uuid::Uuid::from_u128(8)))));
        // A stored form no build wrote is refused, not guessed.
        assert!(
            Account::from_stored(br#"{"name":"n","role":"admin","token_sha256":"x"}"#).is_err()
        );
    }
}
