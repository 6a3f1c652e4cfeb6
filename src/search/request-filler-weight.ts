/**
 * How much a word of {@link REQUEST_FILLER_WORDS} weighs in a query, against 1 for any other
 * word: low, not 0, so a query made only of such words (or a tool named by one) still finds
 * something. 0.3: MetaTool's tuning half 66.9 → 67.4 recall@5, held out 67.0 → 67.5, and no
 * half of another set moves (`test/bench/README.md`, *Request filler words*; 0.2 and 0.5 were
 * measured on earlier versions of the list, 0.15 cost mcp-catalog's tuning half 0.6).
 */
export const REQUEST_FILLER_WEIGHT = 0.3;

/**
 * The word classes of {@link REQUEST_FILLER_WORDS}, each from general knowledge of how people
 * phrase a request to an assistant (not from any query set's gold tools): what a request says
 * about its own tone and the quality it expects of any answer, never which tool it needs.
 */
const FILLER_CLASSES = {
  /** politeness and address (`please`, `I would appreciate …`, `certainly!`) */
  politeness: 'please pls plz appreciate appreciated grateful dear certainly',
  /** intensifiers and degree adverbs (`extremely`, `thoroughly`, `especially`) */
  intensifiers:
    'extremely highly truly quite completely totally absolutely fully entirely thoroughly particularly especially incredibly utterly deeply greatly significantly exactly definitely seriously',
  /** hedges and stance adverbs (`perhaps`, `preferably`, `basically`) */
  hedges: 'perhaps possibly preferably ideally probably somehow somewhat actually basically essentially generally typically usually hopefully rather fairly',
  /** what any good answer is (`a comprehensive and detailed report`, `reliable sources`, `various options`) */
  quality:
    'comprehensive detailed thorough extensive reliable accurate trustworthy reputable relevant appropriate suitable useful helpful valuable informative insightful effective efficient convenient perfect ideal excellent exceptional amazing awesome wonderful fantastic various numerous several particular additional overall potential significant necessary proper exact precise',
  /** emotion and exclamation (`I'm angry …`, `this is ridiculous`, `ugh`) */
  emotion:
    'angry mad furious frustrated frustrating annoyed annoying upset tired sick disappointed disappointing ridiculous terrible horrible awful unbelievable ugh wow omg desperate desperately urgently worried stressed confused',
  /** the request about itself (`I require …`, `I'm wondering …`, `regarding …`) */
  meta: 'require requires requiring requesting seeking wondering curious interested hoping hope ensure ensuring regarding concerning pertaining',
  /** inflected forms of the request verbs that query-terms.ts's filler words hold only in their base form (`provide`, `assist`, `help`, `need`, `want`, `wish`, `like`, `know`, `tell`, `try`, `let`) */
  inflected: 'providing provides provided assisting assists assisted helping helps helped needing wanting wishing wishes wished liked knowing telling tells trying tried tries letting',
  /** what lists the parts of a request (`including their rankings`, `details such as …`) */
  listing: 'including include includes details features platform',
} as const;

/**
 * Words of a request that say how it is asked, not what it asks for (issue 14 item 6): the
 * lowercased written words of {@link FILLER_CLASSES}' eight classes (politeness, intensifiers,
 * hedges, answer quality, emotion, the request about itself, inflected request verbs, listing
 * words). Unlike query-terms.ts's `QUERY_FILLER_WORDS` they are kept and weigh
 * {@link REQUEST_FILLER_WEIGHT}: a few tools say them (`A comprehensive travel assistant`), and
 * being rare in a catalog gives them a high IDF, so at full weight they outweigh the words that
 * carry the request (`keywords`, `website`).
 */
export const REQUEST_FILLER_WORDS: ReadonlySet<string> = new Set(Object.values(FILLER_CLASSES).flatMap((words) => words.split(' ')));

/**
 * The weight factor of a query word: {@link REQUEST_FILLER_WEIGHT} for a word of
 * {@link REQUEST_FILLER_WORDS} (`word` lowercased as written, e.g. `comprehensive`) that no tool
 * name has (`isNameTerm` false: a tool named by one, say `helpful_links`, is still found by it),
 * else 1. Pure; never throws.
 */
export function requestFillerWeight(word: string, isNameTerm: boolean): number {
  return !isNameTerm && REQUEST_FILLER_WORDS.has(word) ? REQUEST_FILLER_WEIGHT : 1;
}
