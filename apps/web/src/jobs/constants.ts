/** docs/spec-conformance.md §5/§9: the job list page size. */
export const JOB_PAGE_SIZE = 10;
