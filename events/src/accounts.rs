//! Arbiters' accounts: a name, a role, and a bearer token stored only as its SHA-256 hash.
//!
//! Tokens are 32 random bytes written in hex, shown once when the account is created. A
//! request's token is hashed and looked up; the stored hash is compared in constant time.

use crate::backend::Space;
use crate::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use subtle::ConstantTimeEq;

/// What an account may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Results and their corrections.
    Arbiter,
    /// Everything.
    Chief,
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Account {
    /// The name, shown in the audit log.
    pub name: String,
    /// The role.
    pub role: Role,
    /// SHA-256 of the token, hex.
    pub token_sha256: String,
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

impl Store {
    /// Creates an account and returns its token, which is not stored and cannot be shown again.
    /// A name that is taken is refused ([`StoreError::AccountExists`]): creating it again
    /// would replace the account and revoke its token. Names are at most 64 characters,
    /// without control characters.
    pub fn create_account(&self, name: &str, role: Role) -> Result<String, StoreError> {
        if name.chars().count() > 64 || name.chars().any(char::is_control) {
            return Err(StoreError::BadAccount(format!(
                "name: {:?} is longer than 64 characters or holds a control character",
                name.chars().take(70).collect::<String>()
            )));
        }
        // One at a time, so that two creations of one name cannot both pass the check.
        let _guard = self.account_lock();
        if self
            .backend()
            .map_get(Space::Accounts, name.as_bytes())?
            .is_some()
        {
            return Err(StoreError::AccountExists(name.to_string()));
        }
        let token = new_token();
        self.add_account(Account {
            name: name.to_string(),
            role,
            token_sha256: hash_token(&token),
        })?;
        Ok(token)
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
        let bytes =
            serde_json::to_vec(&account).map_err(|e| StoreError::BadAccount(e.to_string()))?;
        let maps = self.backend();
        // The cache is forgotten before and after the maps change: a check in between reads
        // the maps (and caches what it read, which the second forgetting drops).
        self.forget_tokens();
        let written = (|| -> Result<(), StoreError> {
            if let Some(old) = maps.map_put(Space::Accounts, account.name.as_bytes(), &bytes)? {
                if let Ok(old) = serde_json::from_slice::<Account>(&old) {
                    maps.map_remove(Space::Tokens, old.token_sha256.as_bytes())?;
                }
            }
            maps.map_put(
                Space::Tokens,
                account.token_sha256.as_bytes(),
                account.name.as_bytes(),
            )?;
            self.flush_now()
        })();
        self.forget_tokens();
        written
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
                let account: Account = serde_json::from_slice(&bytes)
                    .map_err(|e| StoreError::BadAccount(e.to_string()))?;
                by_token.insert(String::from_utf8_lossy(&hash).into_owned(), account);
            }
            Ok(by_token)
        })?;
        let Some(account) = by_token.get(&hash).cloned() else {
            return Ok(None);
        };
        let same: bool = account
            .token_sha256
            .as_bytes()
            .ct_eq(hash.as_bytes())
            .into();
        Ok(same.then_some(account))
    }

    /// Revokes an account: its token no longer signs in, and the name is free again. The last
    /// chief arbiter cannot be removed ([`StoreError::LastChief`]): nobody could then manage
    /// the accounts.
    pub fn remove_account(&self, name: &str) -> Result<Account, StoreError> {
        let _guard = self.account_lock();
        let accounts = self.accounts()?;
        let Some(account) = accounts.iter().find(|a| a.name == name).cloned() else {
            return Err(StoreError::NoAccount(name.to_string()));
        };
        let chiefs = accounts.iter().filter(|a| a.role == Role::Chief).count();
        if account.role == Role::Chief && chiefs == 1 {
            return Err(StoreError::LastChief(name.to_string()));
        }
        let maps = self.backend();
        self.forget_tokens();
        let removed = (|| -> Result<(), StoreError> {
            maps.map_remove(Space::Tokens, account.token_sha256.as_bytes())?;
            maps.map_remove(Space::Accounts, name.as_bytes())?;
            self.flush_now()
        })();
        self.forget_tokens();
        removed.map(|()| account)
    }

    /// Issues a new token for an account, the old one revoked at once; the new token is
    /// returned, and shown once.
    pub fn reissue_token(&self, name: &str) -> Result<(Account, String), StoreError> {
        let _guard = self.account_lock();
        let Some(mut account) = self.accounts()?.into_iter().find(|a| a.name == name) else {
            return Err(StoreError::NoAccount(name.to_string()));
        };
        let token = new_token();
        account.token_sha256 = hash_token(&token);
        self.add_account(account.clone())?;
        Ok((account, token))
    }

    /// Every account.
    pub fn accounts(&self) -> Result<Vec<Account>, StoreError> {
        self.backend()
            .map_entries(Space::Accounts)?
            .into_iter()
            .map(|(_, v)| {
                serde_json::from_slice(&v).map_err(|e| StoreError::BadAccount(e.to_string()))
            })
            .collect()
    }
}
