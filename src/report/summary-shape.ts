/**
 * The shape of summary.json (contract/schemas/summary.schema.json): the types every part of
 * the report reads, in a file below them all, so that the parts that fold a run into it
 * (summary.ts, waivers.ts, cutoffs.ts, latency.ts) need not import each other.
 */
import type { Format, Level, Operation } from '../contract/load.ts';
import type { Verdict } from '../checks/finding.ts';
import type { CutoffSide } from '../time/clock.ts';
import type { UnknownKind } from '../profile/unknowns.ts';
import type { LatencyOutcome } from '../client/latency.ts';
import type { PaceFigures } from '../client/pace-figures.ts';
import type { Layer } from '../contract/layers.ts';
import type { TargetLimit } from '../profile/load.ts';

/** `recorded`: an INFO rule's check ran; it keeps what the target did and never passes or fails. */
export type RuleVerdict = Verdict | 'untested' | 'recorded';

/** How many checks (a case in a format, or a property) judged a rule in a format, and how many of them it failed. */
export interface CheckCount { run: number; failed: number }

export interface RuleRow {
  id: string; level: Level; title: string; json: RuleVerdict; xml: RuleVerdict;
  /** The spec section the rule quotes, for tracing a verdict back to the document. */
  section: string;
  /** Where a failed or errored rule broke: up to three test titles. */
  seenIn?: string[];
  /** A safety probe (INFO, never failed): shown in a section of its own, with what the target did in each format. */
  family?: 'safety';
  /** An INFO rule: what the target did in each format (its first check's record). */
  recorded?: { json?: string; xml?: string };
  /** An INFO rule: what the target chose in each format, in words (`accepts `sender`; refuses … with 100001`: src/report/choices.ts). */
  chosen?: { json?: string; xml?: string };
  /** Checks that judged the rule, and failed it, per format. */
  checks?: { json?: CheckCount; xml?: CheckCount };
  /** The formats whose failure a waiver covers (src/report/waivers.ts): shown, with its evidence, but not against the verdict. */
  waived?: Format[];
}

/** Checks skipped for one reason, all at once; a missing fixture names the profile key and how many values it needs. */
export interface SkipGroup { reason: string; checks: number; rules: string[]; fixture?: { key: string; needs: number } }

/**
 * A response or standards rule that fails on most of the checks that judged it in a format: one
 * fault every response shows (a wrong generated_at, a missing Content-Type) or every request sent
 * in one framing (the absolute form answered 404), the thing to fix first. `explains`: the failing
 * checks whose only failing rule it is.
 */
export interface ProbableCause { rule: string; level: Level; format: Format; failed: number; judged: number; explains?: number }

/**
 * How a layer fared (src/report/layers.ts): the service's own rules, or a standard beneath them.
 * `must`: its MUST rules; `failing`: those failing in a format of the layer (waived failures
 * apart); `unjudged`: the others not judged in both formats. It weighs nothing: the verdict is the run's.
 */
export interface LayerVerdict { layer: Layer; must: number; failing: string[]; unjudged: string[]; verdict: 'pass' | 'fail' | 'unjudged' }

/** What changed against an earlier run's summary.json, per rule and format (src/report/compare.ts). */
export interface RuleChange { rule: string; level: Level; format: Format; was: RuleVerdict; now: RuleVerdict }
export interface Changes {
  /** Was pass, now fail or error (an INFO rule's `fail` is a record, not a regression). */
  regressions: RuleChange[];
  /** Was fail or error, now pass. */
  fixes: RuleChange[];
  /** Was judged (pass, fail, error or skip), now untested. */
  untested: RuleChange[];
  /** Was pass, now a failure a waiver covers: not a regression, but named. */
  waived: RuleChange[];
}
export interface BaselineSection extends Changes {
  file: string; generatedAt?: string; verdict?: Summary['verdict'];
  /** Endpoints answering slower than in the baseline run: listed apart, never a rule's regression. */
  latency?: LatencyComparison;
}

/** What a certificate was measured with (src/report/provenance.ts). */
export interface Provenance {
  harness: { name: string; version: string };
  /** contract/rules.yaml: versioned with the harness; its sha256 tells two catalogs apart. */
  catalog: { version: string; sha256: string; rules: Record<Level, number> & { total: number } };
  /** The profile file's sha256: a profile names the environment variables of its secrets, never their values. */
  profile?: { name: string; file: string; sha256: string };
  target: { baseUrl?: string; embeddedReference: boolean; referenceFault?: string };
  startedAt: string;
  durationMs: number;
  /** OCS_SEED, or each property drew its own random seed (its failure report prints it). */
  seed: number | 'random per property';
  /** The run's waivers: how many, and the sha256 of their canonical list (src/profile/waivers.ts). */
  waivers?: { count: number; sha256: string };
  runsPerProperty: number;
  workers: number;
  shard: { current: number; total: number } | null;
  /** What narrowed the run: --grep, OCS_STEP. */
  grep?: string;
  step?: string;
  node: string;
  playwright: string;
  /**
   * Written by `playwright merge-reports` from shards' blob reports: the profile, seed and runs
   * are those of the merging process's environment (set the shards' OCS_* there too).
   */
  merged?: boolean;
}

export interface Summary {
  /**
   * not-conformant: a MUST rule failed (exit 1). incomplete: the run was stopped, or some MUST
   * rule was not judged in both formats (untested, skipped or errored; exit 2). conformant: neither.
   * conformant-with-waivers: conformant but for MUST failures the run's waivers cover (exit 0).
   */
  verdict: 'conformant' | 'conformant-with-waivers' | 'not-conformant' | 'incomplete';
  target: { name: string; baseUrl?: string; profile?: string };
  generatedAt: string;
  counts: { pass: number; fail: number; skip: number; error: number };
  warnings: number;
  /** MUST and SHOULD rules that no test exercised in some format: a partial run certifies nothing. */
  untested: string[];
  /** Endpoints that refused the profile's valid request, one line each: what to fix first. */
  refused: string[];
  rules: RuleRow[];
  /** Response and standards rules failing on most checks that judged them: listed first, most failures first. */
  probableCauses: ProbableCause[];
  /** The service's own rules and each standard beneath them (HTTP, JSON, XML), with their MUST rules failing. */
  layers?: LayerVerdict[];
  /** The preflight found no endpoint answering: the run could not be made. */
  unreachable?: string;
  /** Part of the suite only (--grep, one shard, OCS_STEP): untested rules are expected. */
  partial?: boolean;
  /** Why the run ended before every test ran (interrupted, the global timeout). */
  stopped?: string;
  /** MUST rules with no pass or fail in some format (untested, skipped or errored): why the run is incomplete. */
  unjudged: string[];
  skips: SkipGroup[];
  provenance?: Provenance;
  baseline?: BaselineSection;
  /** The run's waivers and what each did (src/report/waivers.ts). */
  waivers?: WaiversSection;
  /** The target's own limits the profile declares on strings the spec gives none (src/report/target-limits.ts). */
  targetLimits?: TargetLimit[];
  /** The target's clock, the sides of its cut-offs judged, and the unknown values' origin (src/report/cutoffs.ts). */
  targetWorld?: TargetWorld;
  /** How long the target took to answer, per endpoint and format (src/report/latency.ts); never part of the verdict. */
  latency?: EndpointLatency[];
  /** How the run was paced (src/report/pace.ts): never part of the verdict, but a spent budget for waiting leaves errors. */
  pace?: PaceSection;
}

/**
 * How the run was paced (src/client/pace.ts, src/report/pace.ts), every worker's figures
 * (src/client/pace-figures.ts) added up; the requests in flight and a second are a worker's
 * (summary.provenance.workers of them). Its span limited is given as the rate sustained over it.
 */
export interface PaceSection extends Omit<PaceFigures, 'limited'> {
  /** Final answers a second over the span the target limited the run (from its first 429 or 503 on). */
  sustainedRps?: number;
  /** The run's budget for waiting was spent (profile safety.waitBudgetSeconds): why, and what to declare. */
  spent?: string;
}

/** What one finished test contributes: its own verdict and a verdict per (rule, format). */
export interface TestOutcome { title?: string; verdict: Verdict; warning: boolean; skipped?: string; findings: { rule: string; format: Format; verdict: Verdict; note?: string; side?: CutoffSide; clock?: string }[] }

/**
 * What a waiver did in a run (src/report/waivers.ts). needed: it covered a failure. stale: its
 * rule passed in every format it covers. expired: its last day is before the run's (UTC); it
 * waives nothing. unjudged: its rule neither failed nor passed in its formats (a partial run,
 * a skip, an error).
 */
export type WaiverStatus = 'needed' | 'stale' | 'expired' | 'unjudged';

export interface WaiverRow { rule: string; format?: Format; reason: string; expires?: string; source: string; status: WaiverStatus; waived: Format[] }

export interface WaiversSection {
  /** --strict-waivers: a stale or expired waiver fails the run (exit 1). */
  strict: boolean;
  /** The day the expiries were judged on: the run's start, UTC. */
  day: string;
  list: WaiverRow[];
}

/**
 * One side of a clock cut-off in one format (src/report/cutoffs.ts). judged: a check met this
 * side and was passed or failed on it; recorded: a check met it, and the target's answer is
 * kept, never failed; error: a check meant for it errored (a transport fault), so it is not
 * known; not reached: no check met it (why: the clock readings the checks met, or the reason
 * they were skipped).
 */
export interface SideCell { status: 'judged' | 'recorded' | 'error' | 'not reached'; verdict?: 'pass' | 'fail'; detail: string }
export interface CutoffRow { rule: string; side: CutoffSide; title: string; json: SideCell; xml: SideCell }
export interface TargetWorld {
  clock: string;
  cutoffs: CutoffRow[];
  unknownValues: { fromProfile: UnknownKind[]; drawn: UnknownKind[] };
}

/** Times of one set of requests in ms, each read from a histogram within 5% above the true one (src/client/histogram.ts). */
export interface Quantiles { median: number; p95: number; p99: number; max: number }
/** Requests of one endpoint that ended one way: how many, their time to the whole answer, and to its first byte when the transport tells it. */
export interface LatencyGroup { count: number; whole: Quantiles; firstByte?: Quantiles }
/**
 * One endpoint's times, by how its requests ended (src/client/latency.ts), and `answers`: every
 * request that got an answer (accepted, rejected or another status), what a baseline compares.
 */
export type EndpointLatency = { operation: Operation; format: Format; answers?: LatencyGroup } & Partial<Record<LatencyOutcome, LatencyGroup>>;

/** When an endpoint counts as slower than in the baseline: its `quantile` more than `ratio` times the baseline's and at least `ms` more. */
export interface LatencyThreshold { quantile: keyof Omit<Quantiles, 'max'>; ratio: number; ms: number }
export interface LatencyChange { operation: Operation; format: Format; was: number; now: number }
/** The endpoints slower than the threshold allows, of `compared` endpoints with enough answers in both runs (none when the threshold is off). */
/** `unlike`: why the two runs' latencies were not compared at all (a partial run, another selection, no figures kept). */
export interface LatencyComparison { threshold: LatencyThreshold | 'off'; compared: number; slower: LatencyChange[]; unlike?: string }
