// A semantic version together with a version requirement it is checked against,
// both built from strings: the version by `parse`, `new` and `with_pre`, the
// requirement one comparator at a time by `require` and `require_at`.

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SemVersion {
    version: semver::Version,
    requirement: semver::VersionReq,
}

#[testspace::subject]
impl SemVersion {
    /// Parses a version such as `1.2.3-alpha.1+build.5`; the requirement starts empty (`*`).
    pub fn parse(text: &str) -> Result<Self, semver::Error> {
        let version = semver::Version::parse(text)?;
        Ok(SemVersion { version, requirement: semver::VersionReq { comparators: Vec::new() } })
    }

    /// The release `major.minor.patch`.
    pub fn new(major: u16, minor: u16, patch: u16) -> Self {
        let version = semver::Version::new(u64::from(major), u64::from(minor), u64::from(patch));
        SemVersion { version, requirement: semver::VersionReq { comparators: Vec::new() } }
    }

    /// The same version with its pre-release part replaced by `pre` (empty removes it).
    pub fn with_pre(&self, pre: &str) -> Result<Self, semver::Error> {
        let mut next = self.clone();
        next.version.pre = semver::Prerelease::new(pre)?;
        Ok(next)
    }

    /// Adds a comparator such as `>=1.2` or `~0.3.1` to the requirement.
    pub fn require(&mut self, comparator: &str) -> Result<(), semver::Error> {
        let comparator = semver::Comparator::parse(comparator)?;
        self.requirement.comparators.push(comparator);
        Ok(())
    }

    /// Adds the comparator `op` followed by `other`'s version (its build metadata left out).
    pub fn require_at(&mut self, op: &str, other: &Self) -> Result<(), semver::Error> {
        let mut at = other.version.clone();
        at.build = semver::BuildMetadata::EMPTY;
        self.require(&format!("{}{}", op, at))
    }

    /// Whether the version satisfies the requirement.
    pub fn matches(&self) -> bool {
        self.requirement.matches(&self.version)
    }

    /// Whether the version satisfies the requirement parsed from `requirement` (the stored one is ignored).
    pub fn satisfies(&self, requirement: &str) -> Result<bool, semver::Error> {
        Ok(semver::VersionReq::parse(requirement)?.matches(&self.version))
    }

    /// -1, 0 or 1 as the version sorts before, equal to or after `other`'s.
    pub fn cmp_with(&self, other: &Self) -> i32 {
        self.version.cmp(&other.version) as i32
    }

    pub fn major(&self) -> u64 {
        self.version.major
    }

    pub fn pre(&self) -> String {
        self.version.pre.as_str().to_string()
    }

    pub fn to_string(&self) -> String {
        self.version.to_string()
    }

    /// The version right-aligned in a field of `width` characters, as `format!("{:>width$}")` prints it.
    pub fn to_string_padded(&self, width: u8) -> String {
        format!("{:>width$}", self.version, width = usize::from(width))
    }

    /// The requirement as text (`*` when it has no comparator).
    pub fn requirement(&self) -> String {
        self.requirement.to_string()
    }
}
