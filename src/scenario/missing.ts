/** A value the profile lacks: the case that needs it is skipped with this reason. */
export class MissingFixture extends Error {}

/** Leads the reason of a skip that is no missing value but a rule that cannot apply to the profile. */
export const NOT_APPLICABLE = 'not applicable: ';

/**
 * A skip whose reason is NOT_APPLICABLE (a rule the profile's target cannot show, such as one that
 * needs a second test account against a profile that names one) is shown, never passed, and leaves
 * the run's verdict as it is; any other skip of a MUST rule leaves the run INCOMPLETE
 * (docs/verdicts.md).
 */
export const isNotApplicable = (reason: string | undefined): boolean => reason?.startsWith(NOT_APPLICABLE) ?? false;
