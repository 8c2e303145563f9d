import type { CatalogInstalled, Decider, DomainError } from '@tracker/contracts';

export type InstallationState = { readonly installed: boolean };
export type MarkInstalled = { readonly kind: 'MarkInstalled'; readonly planVersion: number };

/** The marker of a completed installation: written once, and a second mark changes nothing. */
export const installationDecider: Decider<InstallationState, MarkInstalled, CatalogInstalled> = {
  initialState: (): InstallationState => ({ installed: false }),
  decide: (command: MarkInstalled, state: InstallationState): readonly CatalogInstalled[] | DomainError =>
    state.installed ? [] : [{ type: 'CatalogInstalled', data: { version: command.planVersion } }],
  evolve: (_state: InstallationState, _event: CatalogInstalled): InstallationState => ({ installed: true }),
};
