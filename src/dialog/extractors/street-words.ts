/**
 * The words of UK street names: the suffixes ("road", "lane"), the directions that may follow
 * them ("bramhall lane south"), and the words that start a flat or house part of an address.
 * Shared by the address reader and by the price reader, which must not take a house number for
 * money ("3 mill road" is not £3,000,000).
 */

export const STREET_SUFFIXES: ReadonlySet<string> = new Set(
  `road rd street st avenue ave lane ln close drive dr way crescent cres court ct place pl grove gardens gdns
  terrace walk row square sq hill view mews rise green parade vale park boulevard broadway circus croft dale
  fold gate hey brow meadow meadows chase bank side end wharf yard quay promenade esplanade embankment
  approach heights ridge mount lea leigh wynd loan brae`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * Street words that also end the names of towns and districts ("Leigh", "Sandy Lea", "Bank",
 * "Park"): after a street's own word ("31 park avenue, leigh") they start the town, not
 * more of the street. Before one they stay in it ("park view", "church hill road").
 */
export const STREET_WORDS_IN_TOWNS: ReadonlySet<string> = new Set(
  'leigh lea hill bank park green end side vale dale view heights ridge mount brow croft gate fold hey'.split(
    ' ',
  ),
);

/**
 * Welsh and Gaelic words for a street that come before its name ("Heol Goffa", "Stryd y Castell",
 * "Ffordd Las"): the words after them are the street's name.
 */
export const STREET_PREFIXES: ReadonlySet<string> = new Set(
  'heol stryd ffordd lon rhodfa teras cilgant maes rue sraid'.split(' '),
);

/** Street names that are one word with the suffix built in ("kingsway", "broadway"). */
export const ONE_WORD_STREET = /^[a-z]{3,}(?:way|gate|field|fields|side|bank|croft)$/;

export const DIRECTIONS: ReadonlySet<string> = new Set(['north', 'south', 'east', 'west', 'upper', 'lower']);

export const FLAT_WORDS: ReadonlySet<string> = new Set([
  'flat',
  'apartment',
  'apt',
  'unit',
  'suite',
  'maisonette',
]);

/**
 * Words that end the name of a block of flats ("Quayside Lofts", "Albert Mansions", "Park
 * Tower", "Victoria Buildings"): the block's name runs up to them, though an earlier word may
 * read as a street ("quayside", "parkside").
 */
export const BUILDING_WORDS: ReadonlySet<string> = new Set(
  `lofts loft apartments mansions buildings tower towers point works studios chambers plaza residence
  residences flats block exchange warehouse halls`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Words that name a house rather than number it ("rose cottage", "the old rectory"). */
export const HOUSE_NAME_WORDS: ReadonlySet<string> = new Set(
  'cottage house farm farmhouse lodge barn hall manor villa rectory vicarage mill bungalow cottages'.split(
    ' ',
  ),
);
