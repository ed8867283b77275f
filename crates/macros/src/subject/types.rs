//! The mapping of a method's parameter and return types to testspace's value pools
//! (`docs/own-crate.md`, "Supported signatures"), and the errors for types it refuses.

use syn::{GenericArgument, PathArguments, ReturnType, Type, TypePath};

/// What the pools supply, for error messages.
const POOLS: &str = "the pools supply integers (i32 and the other integer types, or \
                     Option of them), bool, strings (String, &str, char, or Option of \
                     them) and the subject itself (Self, &Self, Option<Self>, \
                     Option<&Self>)";

/// How the macro recognises the subject's own type in signatures.
pub(crate) struct SelfType<'a> {
    /// The impl block's self type, as written.
    pub ty: &'a Type,
    /// The method being mapped (for error messages).
    pub method: &'a str,
}

impl SelfType<'_> {
    /// Whether `ty` is `Self` or the self type as written.
    fn is_self(&self, ty: &Type) -> bool {
        match ty {
            Type::Path(TypePath { qself: None, path }) if path.is_ident("Self") => true,
            Type::Group(group) => self.is_self(&group.elem),
            Type::Paren(paren) => self.is_self(&paren.elem),
            _ => same_tokens(ty, self.ty),
        }
    }
}

fn same_tokens(a: &Type, b: &Type) -> bool {
    quote::quote!(#a).to_string() == quote::quote!(#b).to_string()
}

/// An integer, bool, string, char or subject type, before `Option` is considered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    Int,
    Bool,
    String,
    StrRef,
    Char,
    SelfOwned,
    SelfRef,
    SelfMut,
    Unit,
}

const INTEGERS: [&str; 12] = [
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// The base of `ty`, if it has one the pools know.
fn base(ty: &Type, me: &SelfType<'_>) -> Option<Base> {
    if me.is_self(ty) {
        return Some(Base::SelfOwned);
    }
    match ty {
        Type::Tuple(tuple) if tuple.elems.is_empty() => Some(Base::Unit),
        Type::Group(group) => base(&group.elem, me),
        Type::Paren(paren) => base(&paren.elem, me),
        Type::Reference(reference) => {
            let str_ref = matches!(&*reference.elem, Type::Path(p) if p.qself.is_none() && p.path.is_ident("str"));
            match (reference.mutability.is_some(), me.is_self(&reference.elem)) {
                (false, true) => Some(Base::SelfRef),
                (true, true) => Some(Base::SelfMut),
                (false, false) if str_ref => Some(Base::StrRef),
                _ => None,
            }
        }
        Type::Path(_) => {
            let (name, args) = last_segment(ty)?;
            if !args.is_empty() {
                return None;
            }
            match name.as_str() {
                "bool" => Some(Base::Bool),
                "String" => Some(Base::String),
                "char" => Some(Base::Char),
                n if INTEGERS.contains(&n) => Some(Base::Int),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The last segment of a path type: its name and its type arguments.
fn last_segment(ty: &Type) -> Option<(String, Vec<&Type>)> {
    let Type::Path(TypePath { qself: None, path }) = ty else {
        return None;
    };
    let segment = path.segments.last()?;
    let args = match &segment.arguments {
        PathArguments::None => Vec::new(),
        PathArguments::AngleBracketed(angle) => angle
            .args
            .iter()
            .map(|arg| match arg {
                GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?,
        PathArguments::Parenthesized(_) => return None,
    };
    Some((segment.ident.to_string(), args))
}

/// `T` of `Option<T>`.
fn option_of(ty: &Type) -> Option<&Type> {
    match last_segment(ty)? {
        (name, args) if name == "Option" && args.len() == 1 => Some(args[0]),
        _ => None,
    }
}

/// The mapping of a parameter's or a result's type: which pool it goes with and how the
/// value is converted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `()`, results only (`Return::Void`).
    Void,
    /// An integer type: `Param::Int` (`Param::Integer` if nullable), `Return::Int`;
    /// converted with `TryFrom` both ways.
    Int { nullable: bool },
    /// `bool`.
    Bool,
    /// `String` (owned) or `&str`.
    Str { owned: bool, nullable: bool },
    /// `char`: a string of exactly one character.
    Char { nullable: bool },
    /// `Self` (owned), or `&Self` (and, for results, `&mut Self`) cloned where a value
    /// is needed.
    Object { owned: bool, nullable: bool },
}

impl Shape {
    /// The `Param` variant of a parameter of this shape.
    pub(crate) fn param(self) -> &'static str {
        match self {
            Shape::Int { nullable: false } => "Int",
            Shape::Int { nullable: true } => "Integer",
            Shape::Void => unreachable!("parameters are never ()"),
            other => other.returns(),
        }
    }

    /// The `Return` variant of a result of this shape.
    pub(crate) fn returns(self) -> &'static str {
        match self {
            Shape::Void => "Void",
            Shape::Int { .. } => "Int",
            Shape::Bool => "Bool",
            Shape::Str { .. } | Shape::Char { .. } => "Str",
            Shape::Object { .. } => "Object",
        }
    }

    /// Whether a function returning this, without a receiver, is a constructor.
    pub(crate) fn constructs(self) -> bool {
        matches!(self, Shape::Object { owned: true, .. })
    }
}

/// The shape of `ty` (`what` starts the error message: "`m` returns").
fn shape(ty: &Type, what: &str, me: &SelfType<'_>) -> syn::Result<Shape> {
    let (inner, nullable) = match option_of(ty) {
        Some(inner) => (inner, true),
        None => (ty, false),
    };
    Ok(match base(inner, me) {
        Some(Base::Unit) if !nullable => Shape::Void,
        Some(Base::Int) => Shape::Int { nullable },
        Some(Base::Bool) if nullable => return Err(option_bool(ty, what)),
        Some(Base::Bool) => Shape::Bool,
        Some(Base::String) => Shape::Str {
            owned: true,
            nullable,
        },
        Some(Base::StrRef) => Shape::Str {
            owned: false,
            nullable,
        },
        Some(Base::Char) => Shape::Char { nullable },
        Some(Base::SelfOwned) => Shape::Object {
            owned: true,
            nullable,
        },
        Some(Base::SelfRef | Base::SelfMut) => Shape::Object {
            owned: false,
            nullable,
        },
        Some(Base::Unit) | None => return Err(unsupported(ty, what)),
    })
}

/// The shape of parameter `name`'s type `ty`.
pub(crate) fn arg(ty: &Type, name: &str, me: &SelfType<'_>) -> syn::Result<Shape> {
    let what = format!("parameter `{name}` of `{}` has type", me.method);
    let inner = option_of(ty).unwrap_or(ty);
    if base(inner, me) == Some(Base::SelfMut) {
        return Err(syn::Error::new_spanned(
            ty,
            format!(
                "{what} `&mut Self`, which testspace cannot supply: object arguments are \
                 snapshots (copies) of pool slots, so the method's changes would be lost \
                 without a trace; take `&Self`, or leave the method out with \
                 #[testspace(skip)]"
            ),
        ));
    }
    match shape(ty, &what, me)? {
        Shape::Void => Err(unsupported(ty, &what)),
        shape => Ok(shape),
    }
}

/// A method's return mapping: the value's, and the error type's name for `Result`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Returns {
    /// The shape of the returned value (`T` of `Result<T, E>`).
    pub out: Shape,
    /// The last path segment of `E` as written, for `Result<T, E>`.
    pub error: Option<String>,
}

/// The mapping of a method's return type.
pub(crate) fn returns(output: &ReturnType, me: &SelfType<'_>) -> syn::Result<Returns> {
    let ty = match output {
        ReturnType::Default => {
            return Ok(Returns {
                out: Shape::Void,
                error: None,
            });
        }
        ReturnType::Type(_, ty) => &**ty,
    };
    let what = format!("`{}` returns", me.method);
    let (ty, error) = match last_segment(ty) {
        Some((name, args)) if name == "Result" => match args[..] {
            [ok, err] => (ok, Some(error_name(err, &what)?)),
            _ => {
                return Err(syn::Error::new_spanned(
                    ty,
                    format!(
                        "{what} a `Result` alias without its error type; write \
                         `Result<T, E>` in full, so that the name of `E` can name the \
                         exception an `Err` throws"
                    ),
                ));
            }
        },
        _ => (ty, None),
    };
    Ok(Returns {
        out: shape(ty, &what, me)?,
        error,
    })
}

/// The name of `Result`'s error type `ty`: its last path segment as written.
fn error_name(ty: &Type, what: &str) -> syn::Result<String> {
    match last_segment(ty) {
        Some((name, _)) if name != "Self" => Ok(name),
        _ => Err(syn::Error::new_spanned(
            ty,
            format!(
                "{what} errors of type `{}`, which testspace cannot name; an `Err` \
                 throws an exception named after the error type, so use a named type \
                 that implements Debug (an enum or a struct)",
                written(ty)
            ),
        )),
    }
}

fn option_bool(ty: &Type, what: &str) -> syn::Error {
    syn::Error::new_spanned(
        ty,
        format!(
            "{what} `Option<bool>`, but testspace's bool pool holds no null (like \
             Java's `boolean`); use `bool`, or leave the method out with \
             #[testspace(skip)]"
        ),
    )
}

fn unsupported(ty: &Type, what: &str) -> syn::Error {
    syn::Error::new_spanned(
        ty,
        format!(
            "{what} `{}`, which no testspace pool supplies; {POOLS}. Change the \
             type, or leave the method out with #[testspace(skip)]",
            written(ty)
        ),
    )
}

/// `ty` as a person writes it (`Vec<i32>`, not the token stream's `Vec < i32 >`).
pub(crate) fn written(ty: &Type) -> String {
    let text = quote::quote!(#ty).to_string();
    let chars: Vec<char> = text.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '\'';
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' && i > 0 && i + 1 < chars.len() {
            let (prev, next) = (chars[i - 1], chars[i + 1]);
            // The word before the space: a lifetime or a keyword keeps its space.
            let start = chars[..i]
                .iter()
                .rposition(|&c| !word(c))
                .map_or(0, |p| p + 1);
            let before: String = chars[start..i].iter().collect();
            let keyword =
                before.starts_with('\'') || ["mut", "dyn", "impl", "const"].contains(&&*before);
            let keep = (word(prev) && word(next))
                || keyword
                || matches!(prev, ',' | ';' | '+' | '=')
                || matches!(next, '+' | '=' | '-')
                || (prev == '>' && i > 1 && chars[i - 2] == '-');
            if !keep {
                continue;
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn me(ty: &Type) -> SelfType<'_> {
        SelfType { ty, method: "m" }
    }

    fn arg_of(ty: Type) -> syn::Result<Shape> {
        let ring: Type = parse_quote!(Ring);
        arg(&ty, "x", &me(&ring))
    }

    fn returns_of(output: ReturnType) -> syn::Result<Returns> {
        let ring: Type = parse_quote!(Ring);
        returns(&output, &me(&ring))
    }

    fn message(result: syn::Result<impl std::fmt::Debug>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn parameters_map_to_their_pools() {
        let cases: Vec<(Type, &str)> = vec![
            (parse_quote!(i32), "Int"),
            (parse_quote!(u8), "Int"),
            (parse_quote!(core::primitive::usize), "Int"),
            (parse_quote!(Option<i128>), "Integer"),
            (parse_quote!(bool), "Bool"),
            (parse_quote!(String), "Str"),
            (parse_quote!(&'a str), "Str"),
            (parse_quote!(Option<&str>), "Str"),
            (parse_quote!(std::option::Option<char>), "Str"),
            (parse_quote!(Self), "Object"),
            (parse_quote!(Ring), "Object"),
            (parse_quote!(&Self), "Object"),
            (parse_quote!(Option<&Ring>), "Object"),
        ];
        for (ty, param) in cases {
            let got = arg_of(ty.clone()).unwrap_or_else(|e| panic!("{}: {e}", quote::quote!(#ty)));
            assert_eq!(got.param(), param, "{}", quote::quote!(#ty));
        }
        assert_eq!(
            arg_of(parse_quote!(Option<String>)).unwrap(),
            Shape::Str {
                owned: true,
                nullable: true
            }
        );
        assert_eq!(
            arg_of(parse_quote!(Self)).unwrap(),
            Shape::Object {
                owned: true,
                nullable: false
            }
        );
    }

    #[test]
    fn refused_parameters_say_what_to_change() {
        let text = message(arg_of(parse_quote!(Vec<i32>)));
        assert!(
            text.contains("parameter `x` of `m` has type `Vec<i32>`"),
            "{text}"
        );
        assert!(text.contains("#[testspace(skip)]"), "{text}");
        for ty in [
            parse_quote!(f64),
            parse_quote!(&[i32]),
            parse_quote!((i32, i32)),
            parse_quote!(&dyn Fn()),
            parse_quote!(impl Into<i32>),
            parse_quote!(&i32),
            parse_quote!(Option<Option<i32>>),
            parse_quote!(()),
        ] {
            assert!(message(arg_of(ty)).contains("no testspace pool supplies"));
        }
        let text = message(arg_of(parse_quote!(&mut Self)));
        assert!(text.contains("take `&Self`"), "{text}");
        let text = message(arg_of(parse_quote!(Option<bool>)));
        assert!(text.contains("bool pool holds no null"), "{text}");
    }

    #[test]
    fn returns_map_to_their_pools_and_name_their_errors() {
        let cases: Vec<(ReturnType, &str, Option<&str>)> = vec![
            (parse_quote!(), "Void", None),
            (parse_quote!(-> ()), "Void", None),
            (parse_quote!(-> u64), "Int", None),
            (parse_quote!(-> Option<i8>), "Int", None),
            (parse_quote!(-> bool), "Bool", None),
            (parse_quote!(-> &str), "Str", None),
            (parse_quote!(-> Option<char>), "Str", None),
            (parse_quote!(-> &mut Self), "Object", None),
            (parse_quote!(-> Option<Ring>), "Object", None),
            (
                parse_quote!(-> Result<(), RingError>),
                "Void",
                Some("RingError"),
            ),
            (
                parse_quote!(-> Result<i32, crate::errors::Full>),
                "Int",
                Some("Full"),
            ),
            (parse_quote!(-> Result<Self, E<u8>>), "Object", Some("E")),
        ];
        for (output, returned, error) in cases {
            let got = returns_of(output.clone())
                .unwrap_or_else(|e| panic!("{}: {e}", quote::quote!(#output)));
            assert_eq!(got.out.returns(), returned, "{}", quote::quote!(#output));
            assert_eq!(got.error.as_deref(), error);
        }
        assert!(
            returns_of(parse_quote!(-> Result<Self, E>))
                .unwrap()
                .out
                .constructs()
        );
        assert!(
            returns_of(parse_quote!(-> Option<Self>))
                .unwrap()
                .out
                .constructs()
        );
        assert!(!returns_of(parse_quote!(-> &Self)).unwrap().out.constructs());
    }

    #[test]
    fn types_in_messages_read_as_written() {
        let cases: Vec<(Type, &str)> = vec![
            (parse_quote!(Vec<i32>), "Vec<i32>"),
            (parse_quote!(&'a [u8]), "&'a [u8]"),
            (
                parse_quote!(std::collections::HashMap<i32, String>),
                "std::collections::HashMap<i32, String>",
            ),
            (
                parse_quote!(Box<dyn Fn(i32) -> i32 + Send>),
                "Box<dyn Fn(i32) -> i32 + Send>",
            ),
            (parse_quote!(impl Into<i32>), "impl Into<i32>"),
            (parse_quote!(&mut [u8]), "&mut [u8]"),
            (parse_quote!((i32, bool)), "(i32, bool)"),
        ];
        for (ty, text) in cases {
            assert_eq!(written(&ty), text);
        }
    }

    #[test]
    fn refused_returns_say_what_to_change() {
        let text = message(returns_of(parse_quote!(-> Vec<i32>)));
        assert!(text.contains("`m` returns `Vec<i32>`"), "{text}");
        let text = message(returns_of(parse_quote!(-> io::Result<i32>)));
        assert!(text.contains("write `Result<T, E>` in full"), "{text}");
        let text = message(returns_of(parse_quote!(-> Result<i32, &'static str>)));
        assert!(text.contains("errors of type `&'static str`"), "{text}");
        let text = message(returns_of(parse_quote!(-> Option<bool>)));
        assert!(text.contains("bool pool holds no null"), "{text}");
        assert!(returns_of(parse_quote!(-> Option<()>)).is_err());
        assert!(returns_of(parse_quote!(-> Result<f32, E>)).is_err());
    }
}
