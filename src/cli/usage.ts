/**
 * What `ocs-conformance` says of itself: the usage of the command and of each subcommand
 * (src/cli/main.ts parses and dispatches). docs/command.md says the same at length.
 */

export const MAIN_USAGE = `Usage: ocs-conformance <command> [options]

Conformance harness for the Order Change Service.

Commands:
  run              run the conformance suite (default target: the embedded reference)
  rules            list the rule catalog
  explain RULE-ID  a rule's quote, level, scenarios, violator and assumptions
  init [FILE]      write a commented profile template
  diff OLD NEW     compare two runs' summary.json: regressions, fixes, untested
  export-openapi   print an OpenAPI 3.1 description generated from the contract

Options:
  -h, --help       this help; \`ocs-conformance <command> --help\` for a command's
  -v, --version    the harness's version

Exit codes: 0 conformant (or no regression), 1 not conformant (or regressed),
2 incomplete (stopped, or a MUST rule not judged in both formats), or the run
could not be made (bad flag, bad profile, unreachable target).`;

export const USAGE = {
  run: `Usage: ocs-conformance run [options] [-- PLAYWRIGHT-OPTIONS]

Runs the conformance suite and writes the reports (conformance.html, summary.json,
html/, junit.xml). Without --base-url it targets the embedded reference. npm start is
this command: \`npm start -- --grep CNT-\` passes it its options.

Options:
  --base-url URL     the target's base URL (OCS_BASE_URL); needs --profile
  --profile FILE     the target's profile (OCS_PROFILE); \`ocs-conformance init\` writes one
  --runs N           runs per property, 0 leaves the properties out (OCS_RUNS; default 25)
  --seed N           fast-check's seed (OCS_SEED; default: random per property)
  --grep RE          only the tests and steps matching RE (a rule ID, '\\[xml\\]', …)
  --shard I/N        the I-th of N shards
  --workers N        worker processes (OCS_WORKERS; default: the profile's, else half the cores)
  --rps N            at most N requests per second, across all workers (OCS_RPS)
  --report-dir DIR   where the reports go (OCS_REPORTS_DIR; default ./reports)
  --baseline FILE    an earlier run's summary.json: adds "changed since baseline" to the
                     console, summary.json and the certificate; a regression exits 1, and
                     so does an endpoint answering slower past the latency threshold
  --latency-threshold T
                     when an endpoint counts as slower than in the baseline: off, or
                     [QUANTILE:]RATIOx[,MSms] (OCS_LATENCY_THRESHOLD; default: the
                     profile's latency.threshold, else p95:2x,50ms: a p95 more than
                     doubled and at least 50 ms slower)
  --waivers FILE     failures of MUST rules to accept, each with its reason (OCS_WAIVERS;
                     added to the profile's \`waivers\`; docs/waivers.md)
  --strict-waivers   a stale or expired waiver exits 1 (OCS_STRICT_WAIVERS)
  --dry-run          list what would be sent, send nothing
  -h, --help         this help
  -- ARGS            ARGS go to Playwright's test runner as they are
                     (-- --global-timeout=600000)

Exit codes: 0 conformant (with waivers or without) and nothing regressed,
1 not conformant, regressed, or a stale or expired waiver with --strict-waivers,
2 incomplete (stopped, or a MUST rule not judged in both formats: a partial run,
a skip, an error) or the run could not be made (bad flag, bad profile, waivers or
baseline, unreachable target).`,
  rules: `Usage: ocs-conformance rules [--level must|should|info] [--json]

Lists the rule catalog (contract/rules.yaml): ID, level, spec section and requirement.

Options:
  --level L   only the rules of level must, should or info
  --json      the catalog entries as JSON
  -h, --help  this help`,
  explain: `Usage: ocs-conformance explain RULE-ID

What a rule says and what judges it: the spec's quote, level and section, the scenarios
and properties that name it, how a request is made to break it (its violator), and the
assumptions (contract/assumptions.yaml) that bear on it.

Options:
  -h, --help  this help`,
  init: `Usage: ocs-conformance init [FILE]

Writes a commented profile template to FILE (default ocs-profile.yaml). An existing
file is never overwritten.

Options:
  -h, --help  this help`,
  diff: `Usage: ocs-conformance diff [--json] [--latency-threshold T] OLD/summary.json NEW/summary.json

Compares two runs per rule and format: regressions (was pass, now fail or error),
fixes (was fail or error, now pass) and rules no longer tested; then, apart, the
endpoints whose answers got slower past the latency threshold.

Options:
  --json                 the comparison as JSON
  --latency-threshold T  when an endpoint counts as slower: off, or
                         [QUANTILE:]RATIOx[,MSms] (default p95:2x,50ms: a p95 more
                         than doubled and at least 50 ms slower)
  -h, --help             this help

Exit codes: 0 nothing regressed, 1 a rule regressed or an endpoint got slower,
2 a file is not a summary.json.`,
  'export-openapi': `Usage: ocs-conformance export-openapi [--format yaml|json]

Prints an OpenAPI 3.1 description of both operations in both formats, generated from
the contract (schemas, limits, one-of pairs, documented errors).

Options:
  --format F  yaml (default) or json
  -h, --help  this help`,
} as const;
