import type { BugRules } from '@tracker/bugs/domain';

const values = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name, isActive: true, sortKey: (i + 1) * 100 }));
const to = (...names: string[]) => names.map((name) => ({ name, commentRequired: false }));

/** A small installation for the projection specs: stock values and workflow, one product. */
export const RULES_FOR_PROJECTION: BugRules = {
  params: {
    defaultPriority: '---',
    defaultSeverity: 'normal',
    defaultPlatform: 'All',
    defaultOpSys: 'All',
    letSubmitterChoosePriority: true,
    letSubmitterChooseMilestone: true,
    duplicateOrMoveBugStatus: 'RESOLVED',
    commentOnDuplicate: false,
    mustHaveMilestoneOnAccept: false,
    noResolveOnOpenBlockers: false,
    useQaContact: true,
    useTargetMilestone: true,
    useStatusWhiteboard: true,
    useSeeAlso: true,
    useClassification: false,
  },
  fields: {
    statuses: [
      { id: 1, name: 'CONFIRMED', isOpen: true, isActive: true, sortKey: 100, canChangeTo: to('RESOLVED') },
      { id: 2, name: 'RESOLVED', isOpen: false, isActive: true, sortKey: 200, canChangeTo: to('CONFIRMED') },
    ],
    initialStatuses: to('CONFIRMED'),
    resolutions: values('', 'FIXED'),
    priorities: values('Normal', '---'),
    severities: values('normal'),
    platforms: values('All'),
    opSystems: values('All'),
    keywords: values('perf'),
    customFields: [],
  },
  products: [
    {
      id: 2,
      name: 'RefProduct',
      classification: 'Unclassified',
      isActive: true,
      hasUnconfirmed: false,
      defaultMilestone: '---',
      components: [{ id: 2, name: 'RefComponent', isActive: true, defaultAssignee: { id: 1, login: 'admin@example.com' }, defaultQaContact: null, defaultCc: [] }],
      versions: values('1.0'),
      milestones: values('---'),
      groupControls: [],
      access: { canSee: true, canEnter: true, canEdit: true },
    },
  ],
};
