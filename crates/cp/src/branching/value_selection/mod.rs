//! Value selectors, one per file.

mod in_domain_max;
mod in_domain_middle;
mod in_domain_min;
mod in_domain_random;

pub(crate) use in_domain_max::InDomainMax;
pub(crate) use in_domain_middle::InDomainMiddle;
pub(crate) use in_domain_min::InDomainMin;
pub(crate) use in_domain_random::InDomainRandom;
