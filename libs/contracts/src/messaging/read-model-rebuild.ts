/** What every `<service>.admin.rebuild` answers once the rebuilt read model has caught up with the log. */
export interface ReadModelRebuilt {
  readonly rebuilt: true;
  readonly milliseconds: number;
}
