// Harvested by `testspace harvest` from url 2.5.9: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `url::Host`: no subject, because it has no public constructor the pools can call.

// `url::OpaqueOrigin`: no subject, because it has no public constructor the pools can call.

/// The origin of an URL
#[derive(Clone, Debug)]
pub struct Origin(pub url::Origin);

#[testspace::subject]
impl Origin {
    pub fn new_opaque() -> Self {
        Self(<url::Origin>::new_opaque())
    }
    pub fn is_tuple(&self) -> bool {
        self.0.is_tuple()
    }
    pub fn ascii_serialization(&self) -> String {
        self.0.ascii_serialization()
    }
    pub fn unicode_serialization(&self) -> String {
        self.0.unicode_serialization()
    }
}

// `url::ParseOptions`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `url::PathSegmentsMut`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `url::Position`: no subject, because it has no public constructor the pools can call.

// `url::Url`: no subject, because it has no public constructor the pools can call.

// `url::UrlQuery`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `url::quirks::InternalComponents`: no subject, because it is not `Debug` (the pools show objects as `{:?}` renders them).
