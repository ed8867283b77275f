//! The shared face of a registry's handles (walks, generators): a `Copy` newtype around a
//! `&'static` entry, known by name.

/// The shared parts of a registry handle (a `Copy` newtype around a `&'static` entry with
/// `name` and `parameter_names`, and an `ALL` list): lookup by name (`FromStr`, failing
/// with `$unknown`), the registered names, equality, hashing and serialisation by name,
/// order by registration, `Debug` and `Display` as the name.
macro_rules! named_handle {
    ($handle:ident, $unknown:ident) => {
        impl $handle {
            /// The names of its parameters.
            pub fn parameter_names(self) -> Vec<String> {
                (self.0.parameter_names)()
            }

            /// The registered names, comma-separated.
            pub fn names() -> String {
                Self::ALL
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        }

        impl std::str::FromStr for $handle {
            type Err = $unknown;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|k| k.name() == s)
                    .ok_or_else(|| $unknown(s.to_string()))
            }
        }

        impl PartialEq for $handle {
            fn eq(&self, other: &Self) -> bool {
                self.name() == other.name()
            }
        }

        impl Eq for $handle {}

        impl std::hash::Hash for $handle {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.name().hash(state);
            }
        }

        impl PartialOrd for $handle {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $handle {
            /// Registration order.
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                let position = |k: &Self| Self::ALL.iter().position(|x| x.name() == k.name());
                position(self).cmp(&position(other))
            }
        }

        impl std::fmt::Debug for $handle {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::fmt::Display for $handle {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl serde::Serialize for $handle {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $handle {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = String::deserialize(deserializer)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use named_handle;
