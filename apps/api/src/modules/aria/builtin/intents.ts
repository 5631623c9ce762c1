/**
 * Intent rules of the built-in assistant: what a question asks (a search, a market check, a comparison,
 * a loan, the taxes, a feasibility, a listing's details) and the guardrails (protected-trait steering,
 * other members' private data, "who are you"). Keyword rules in English, Filipino and Taglish; an optional
 * sentence-embedding fallback (builtin.provider.ts) covers paraphrases they miss.
 */

export const ARIA_INTENTS = [
  'search',
  'market',
  'compare',
  'affordability',
  'acquisition',
  'feasibility',
  'listing',
] as const;
export type AriaIntent = (typeof ARIA_INTENTS)[number];

/** What the built-in assistant answers without a tool. */
export type AriaGuard = 'protected_trait' | 'private_data' | 'identity' | 'greeting' | 'thanks' | 'help';

const RULES: Record<AriaIntent, RegExp> = {
  compare: /\bcompare\b|\bcomparison\b|\bvs\.?\b|\bversus\b|\bwhich\s+(?:one\s+)?(?:is\s+)?(?:better|cheaper|best)\b|\bdifference\s+between\b|\bthese\s+(?:two|three|four|five|2|3|4|5)\b|\bside\s+by\s+side\b|\bikumpara\b|\bpaghambingin\b/i,
  feasibility:
    /\bfeasib|\binvestment\b|\binvest(?:ing|or)?\b|\byield\b|\broi\b|\breturn\s+on\b|\bcash\s?flow\b|\brental\s+income\b|\bpayback\b|\bcap\s+rate\b|\bgood\s+buy\b|\bworth\s+(?:buying|it)\b|\bsulit\s+(?:ba\s+)?(?:bilhin|i-?invest)\b|\bpuhunan\b|\bkikita\b|\bprofit(?:able)?\b|\brent\s+(?:it\s+)?out\b|\bleas(?:e|ing)\s+(?:it\s+)?out\b|\bmake\s+(?:me\s+)?money\b/i,
  affordability:
    /\bmonthly\s+(?:payment|amorti[sz]ation|amort)\b|\bthe\s+monthly\b|\bmy\s+monthly\b|\bamorti[sz]ation\b|\bmortgage\b|\bhousing\s+loan\b|\bhome\s+loan\b|\bloan\b|\bhow\s+much\s+(?:would|will|do|should)\s+i\s+pay\b|\bpay\s+(?:monthly|a\s+month|per\s+month)\b|\bmonthly\b.*\b(?:pag-?ibig|bank|loan)\b|\bafford\b|\bhulog\b|\bhulugan\b|\bbuwanang\s+bayad\b|\bmagkano\s+(?:ang\s+)?(?:hulog|monthly)\b|\bfinanc(?:e|ing)\b|\bdown\s?payment\b/i,
  acquisition:
    /\btax(?:es)?\b|\bfees?\b|\bcapital\s+gains\b|\bcgt\b|\bdocumentary\s+stamp\b|\bdst\b|\btransfer\s+tax\b|\bclosing\s+costs?\b|\bregistration\b|\bnotarial\b|\bbuwis\b|\bcost\s+of\s+(?:buying|acquisition|transfer)\b|\bacquisition\s+costs?\b|\bwithholding\b|\bcwt\b|\btitle\s+transfer\b|\bzonal\b/i,
  market:
    /\bfair\b|\boverpriced\b|\bover\s?priced\b|\bunderpriced\b|\btoo\s+(?:much|high|expensive|cheap)\b|\bprice\s+per\b|\bper\s+(?:sqm|square|m²|m2)\b|\/\s?(?:m²|m2|sqm)|\bmedian\b|\baverage\s+(?:price|rent)\b|\bmarket\s+(?:report|price|value|data|trend)s?\b|\bprices?\s+(?:in|of|around)\b|\brents\s+in\b|\brent\s+prices?\b|\bgoing\s+rate\b|\btrend\b|\bhow\s+much\s+(?:are|is|do|does|would)\s+(?:a\s+|an\s+|the\s+)?(?:condos?|condominiums?|houses?|house\s+and\s+lots?|lots?|land|rents?|apartments?|townhouses?|offices?|studios?|units?)\b(?!\s+(?:monthly|a\s+month))|\bmahal\s+ba\b|\bmura\s+ba\b|\bmagkano\s+(?:ang\s+)?(?:mga\s+)?(?:presyo|halaga|condo|bahay|lupa|house|lot|apartment|upa|renta)\b|\bsell(?:ing)?\s+(?:my|our)\b|\bibenta\s+(?:ko|namin)\b|\btamang\s+presyo\b|\bprice\s+(?:history|trend)\b|\bappreciat|\b(?:house|home|condo|lot|land|property|rent|rental)\s+prices?\b|\bprices?\s+(?:like|now|these\s+days|today)\b/i,
  listing: /\b(?:tell\s+me\s+(?:more\s+)?about|details?\s+(?:of|on|about)|more\s+(?:info|information)\s+(?:on|about)|describe|show\s+me|what\s+about|ano\s+ang)\b/i,
  search:
    /\bfind\b|\bsearch\b|\blooking\s+for\b|\blook\s+for\b|\bshow\s+(?:me\s+)?(?:listings?|condos?|houses?|homes?|lots?|apartments?|units?|properties|offices?)\b|\bany\s+(?:listings?|condos?|houses?|units?|lots?|apartments?)\b|\bavailable\b|\blist\s+(?:of\s+)?(?:condos?|houses?|lots?|apartments?)\b|\bi\s+(?:need|want)\s+(?:a|an)\b|\bhanap\b|\bnaghahanap\b|\bmeron\s+ba(?:ng)?\b|\bmay\s+(?:condo|bahay|lupa|apartment)\b|\brecommend\b|\bsuggest\b|\bwhere\s+can\s+i\s+(?:rent|buy)\b|\b(?:units?|places?|properties|homes?|a\s+place\s+to\s+(?:stay|live))\s+(?:near|in|around|close\s+to)\b/i,
};

/** Religion, ethnicity, nationality and other protected traits, as people write them when steering. */
const TRAIT =
  /\b(?:christians?|catholics?|protestants?|muslims?|moslems?|islam(?:ic)?|iglesia|inc\s+members|born[-\s]again|jewish|jews?|hindus?|buddhists?|atheists?|chinese|chinoy|tsinoy|intsik|koreans?|japanese|indians?|bumbay|arabs?|africans?|blacks?|whites?|negros?|foreigners?|ethnic|ethnicity|race|racial|religion|religious|tribe|tribal|lumads?|igorots?|aetas?|badjaos?|moros?|gays?|lesbians?|lgbt\w*|bakla|tomboy|disabled|pwds?|single\s+mothers?)\b/i;
const STEERING =
  /\b(?:neighbou?rhoods?|area|areas|community|communities|village|subdivision|barangay|street|district|people|residents?|neighbou?rs?|families|family|live|lives|living|avoid|without|no|not|only|mostly|majority|dominated|free\s+of|away\s+from|where|tenants?|owners?|buyers?|walang|ayaw|iwas)\b/i;

/** A question steering by a protected trait ("a Christian neighbourhood", "no Muslims", "Chinese area"). */
export function isProtectedTraitSteering(text: string): boolean {
  const t = text.replace(/Bangsamoro Autonomous Region In Muslim Mindanao|BARMM|Muslim Mindanao/gi, ' ');
  const m = TRAIT.exec(t);
  if (!m) return false;
  // "Chinese restaurant", "Catholic school", "Korean grocery": amenities, not people
  const after = t.slice(m.index + m[0].length, m.index + m[0].length + 25);
  if (/^\s+(?:restaurants?|food|schools?|church(?:es)?|mosques?|temples?|groceries|grocery|stores?|market|cuisine|embassy|chapel|cemetery|hospital|mall|language)\b/i.test(after) && !/\b(?:no|avoid|without|only|mostly)\b/i.test(t)) {
    return false;
  }
  return STEERING.test(t);
}

/** Asking for another member's private data (the owner's phone, their messages, an address). */
export function isPrivateDataRequest(text: string): boolean {
  const what = /\b(?:phone|mobile|cell(?:phone)?|contact|telephone|viber|whatsapp|email|e-mail|home\s+address|personal\s+(?:info|information|details|data)|messages?|chats?|conversations?|inbox|number|numero|full\s+name|id\s+documents?|documents?|bank\s+details|tin)\b/i;
  const whose = /\b(?:owner|seller|landlord|lessor|agent|broker|member|user|poster|lister|tenant|buyer|someone|other\s+(?:people|members|users)|their|his|her|may-?ari|nagbebenta)\b/i;
  if (!what.test(text) || !whose.test(text)) return false;
  // "how do I message the owner" is a question about the product, answered the same way: through the listing
  return true;
}

const IDENTITY = /\bwho\s+(?:are|r)\s+(?:you|u)\b|\bwhat\s+are\s+you\b|\bare\s+you\s+(?:a\s+|an\s+)?(?:chat\s?gpt|gpt|openai|gemini|claude|copilot|bot|robot|ai|human|real|person|llm|language\s+model)\b|\bwhat\s+(?:model|ai|llm)\b|\bsino\s+ka\b|\bano\s+ka\b|\bintroduce\s+yourself\b|\bwhich\s+(?:model|ai)\b|\bchat\s?gpt\b/i;
const GREETING = /^\s*(?:hi|hello|hey|yo|good\s+(?:morning|afternoon|evening|day)|kumusta|kamusta|musta|magandang\s+(?:umaga|hapon|gabi|araw)|hola|greetings)\b[\s!.,?]*(?:aria|there|po)?[\s!.,?]*$/i;
const THANKS = /^\s*(?:thanks?|thank\s+you|ty|salamat|maraming\s+salamat|ok(?:ay)?\s+thanks?|great|perfect|nice|cool)\b[\s\w!.,]*$/i;
const HELP = /\bwhat\s+can\s+you\s+do\b|\bhelp\b|\bhow\s+(?:do|does)\s+(?:this|you|aria)\s+work\b|\bwhat\s+do\s+you\s+know\b|\bano\s+ang\s+kaya\s+mo\b|\bcapabilities\b/i;

/** The guardrail or small talk a question is, checked before any tool (null: a question for the tools). */
export function guardOf(text: string): AriaGuard | null {
  if (isProtectedTraitSteering(text)) return 'protected_trait';
  if (isPrivateDataRequest(text)) return 'private_data';
  if (IDENTITY.test(text)) return 'identity';
  if (GREETING.test(text)) return 'greeting';
  if (THANKS.test(text) && text.length < 40) return 'thanks';
  if (HELP.test(text)) return 'help';
  return null;
}

/** The intents whose keywords the question has, in RULES order (compare first, search last). */
export function keywordIntents(text: string): AriaIntent[] {
  return (Object.keys(RULES) as AriaIntent[]).filter((k) => RULES[k].test(text));
}

/** Example questions per intent: the embedding fallback compares a question with them. */
export const INTENT_EXAMPLES: Record<AriaIntent, string[]> = {
  search: [
    'show me condos for rent in Makati',
    'I am looking for a three bedroom house for sale',
    'find an apartment near my office under 20k',
    'any lots available in Cavite?',
    'where can I rent a studio near the university',
  ],
  market: [
    'is this price fair for the area',
    'what is the median price per square meter in Taguig',
    'how much do condos cost in Quezon City',
    'are prices in Cebu going up',
    'what is the going rent for a house in Davao',
  ],
  compare: ['compare these listings', 'which of the two is the better deal', 'put these units side by side'],
  affordability: [
    'how much is the monthly amortization of a 5 million house',
    'what would my monthly payment be with a housing loan',
    'can I afford a 4 million condo on a bank loan',
  ],
  acquisition: [
    'what taxes and fees do I pay when buying a house',
    'how much is the capital gains tax and documentary stamp tax',
    'what are the closing costs of a property purchase',
  ],
  feasibility: [
    'is this condo a good investment if I lease it out',
    'what rental yield and cash flow would I get',
    'should I buy this unit to rent out',
  ],
  listing: ['tell me more about this listing', 'give me the details of that property'],
};
