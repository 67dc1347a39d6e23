//! A player's data on the wire: what registering a player gives (name, rating, title, sex,
//! federation, ...) and a correction of it, each converted explicitly into the application's
//! vocabulary, and the titles and sexes as FIDE writes them.

use engine::model::player::{Sex as EngineSex, Title as EngineTitle};
use events::app;
use serde::{Deserialize, Serialize};

/// A FIDE title, as FIDE abbreviates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Title {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// Woman Grandmaster.
    Wgm,
    /// Woman International Master.
    Wim,
    /// FIDE Master.
    Fm,
    /// Candidate Master.
    Cm,
    /// Woman FIDE Master.
    Wfm,
    /// Woman Candidate Master.
    Wcm,
}

impl From<EngineTitle> for Title {
    fn from(t: EngineTitle) -> Title {
        match t {
            EngineTitle::Gm => Title::Gm,
            EngineTitle::Im => Title::Im,
            EngineTitle::Wgm => Title::Wgm,
            EngineTitle::Wim => Title::Wim,
            EngineTitle::Fm => Title::Fm,
            EngineTitle::Cm => Title::Cm,
            EngineTitle::Wfm => Title::Wfm,
            EngineTitle::Wcm => Title::Wcm,
        }
    }
}

impl From<Title> for EngineTitle {
    fn from(t: Title) -> EngineTitle {
        match t {
            Title::Gm => EngineTitle::Gm,
            Title::Im => EngineTitle::Im,
            Title::Wgm => EngineTitle::Wgm,
            Title::Wim => EngineTitle::Wim,
            Title::Fm => EngineTitle::Fm,
            Title::Cm => EngineTitle::Cm,
            Title::Wfm => EngineTitle::Wfm,
            Title::Wcm => EngineTitle::Wcm,
        }
    }
}

/// Sex, as FIDE records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Sex {
    /// Male.
    #[serde(rename = "m")]
    Male,
    /// Female.
    #[serde(rename = "w")]
    Female,
}

impl From<EngineSex> for Sex {
    fn from(s: EngineSex) -> Sex {
        match s {
            EngineSex::Male => Sex::Male,
            EngineSex::Female => Sex::Female,
        }
    }
}

impl From<&app::PlayerData> for PlayerData {
    fn from(p: &app::PlayerData) -> PlayerData {
        PlayerData {
            name: p.name.clone(),
            rating: p.rating,
            title: p.title.map(Into::into),
            federation: p.federation.clone(),
            fide_id: p.fide_id,
            birth_date: p.birth_date.clone(),
            sex: p.sex.map(Into::into),
        }
    }
}

impl From<Sex> for EngineSex {
    fn from(s: Sex) -> EngineSex {
        match s {
            Sex::Male => EngineSex::Male,
            Sex::Female => EngineSex::Female,
        }
    }
}

/// A player's data: what `POST /api/tournaments/{id}/players` registers, and what the
/// registration event carries.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerData {
    /// Name, "Surname,Given".
    pub name: String,
    /// Rating, if rated.
    #[serde(default)]
    pub rating: Option<u16>,
    /// Title.
    #[serde(default)]
    pub title: Option<Title>,
    /// Federation, three capital letters.
    #[serde(default)]
    pub federation: Option<String>,
    /// FIDE identifier.
    #[serde(default)]
    pub fide_id: Option<u64>,
    /// Birth date, `YYYY/MM/DD`.
    #[serde(default)]
    pub birth_date: Option<String>,
    /// Sex: `m` or `w`.
    #[serde(default)]
    pub sex: Option<Sex>,
}

impl From<PlayerData> for app::PlayerData {
    fn from(p: PlayerData) -> app::PlayerData {
        app::PlayerData {
            name: p.name,
            rating: p.rating,
            title: p.title.map(Into::into),
            federation: p.federation,
            fide_id: p.fide_id,
            birth_date: p.birth_date,
            sex: p.sex.map(Into::into),
        }
    }
}

/// A correction of a player's data: each field given is replaced; `null` clears the rating
/// or the title.
#[derive(Clone, Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerCorrection {
    /// New name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// New rating (`null`: unrated).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<Option<u16>>,
    /// New title (`null`: no title).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub title: Option<Option<Title>>,
    /// New FIDE id (`null`: none).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub fide_id: Option<Option<u64>>,
    /// New federation, three capital letters (`null`: none).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub federation: Option<Option<String>>,
    /// New birth date, `YYYY/MM/DD` (`null`: not known).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub birth_date: Option<Option<String>>,
    /// New sex, `m` or `w` (`null`: not recorded).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub sex: Option<Option<Sex>>,
}

/// A field that may be `null`: absent is `None`, `null` is `Some(None)`.
fn present<'de, T: Deserialize<'de>, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl From<PlayerCorrection> for app::PlayerCorrection {
    fn from(c: PlayerCorrection) -> app::PlayerCorrection {
        app::PlayerCorrection {
            name: c.name,
            rating: c.rating,
            title: c.title.map(|t| t.map(Into::into)),
            fide_id: c.fide_id,
            federation: c.federation,
            birth_date: c.birth_date,
            sex: c.sex.map(|s| s.map(Into::into)),
        }
    }
}

#[cfg(test)]
mod tests {
    //! A player's JSON names are the wire's own; each is converted field by field into the
    //! application's vocabulary.
    use super::*;
    use serde_json::json;

    #[test]
    fn a_player_and_a_correction_are_converted_null_clearing_a_field() {
        let p: PlayerData = serde_json::from_value(json!({
            "name": "Dahl,Ada", "rating": 2210, "title": "WFM", "sex": "w", "federation": "NOR"
        }))
        .unwrap();
        let data = app::PlayerData::from(p);
        assert_eq!(data.title, Some(EngineTitle::Wfm));
        assert_eq!(data.sex, Some(EngineSex::Female));
        assert_eq!(
            (data.rating, data.federation.as_deref()),
            (Some(2210), Some("NOR"))
        );
        let c: PlayerCorrection =
            serde_json::from_value(json!({ "rating": null, "title": "IM" })).unwrap();
        assert_eq!(
            app::PlayerCorrection::from(c),
            app::PlayerCorrection {
                name: None,
                rating: Some(None),
                title: Some(Some(EngineTitle::Im)),
                fide_id: None,
                federation: None,
                birth_date: None,
                sex: None,
            }
        );
        let absent: PlayerCorrection =
            serde_json::from_value(json!({ "name": "Dahl,Ada" })).unwrap();
        assert_eq!(app::PlayerCorrection::from(absent).rating, None);
    }
}
