import { type DomainError, FLAG_TARGET_TYPES, type FlagTargetType, type FlagTypeEvent, isDomainError } from '@tracker/contracts';
import { isDatabaseId } from '../flag-type-limits';
import { FlagsErrors } from '../flags.errors';
import { EVERYWHERE, resolveClusions } from './clusions';
import { checkFlagTypeRights } from './flag-type-admin';
import { checkCcList, checkFlagTypeDescription, checkFlagTypeName, checkGroup, checkSortKey } from './flag-type-fields';
import type { CreateFlagType } from './flag-type.commands';
import type { FlagTypeState } from './flag-type.state';

/**
 * FlagType.create in Bugzilla's order (docs/flags.md §2.1): the WebService's checks (login,
 * rights, `name` and `description` present), the target type, the clusions, then the
 * create validators alphabetically (cc_list, description, grant_group, name, request_group,
 * sortkey). Booleans default to true, the sort key to 1, the scope to everywhere.
 */
export function decideCreateFlagType(command: CreateFlagType, state: FlagTypeState): readonly FlagTypeEvent[] | DomainError {
  if (state.kind === 'present') return FlagsErrors.flagTypeIdInUse(command.typeId);
  const { values } = command;
  const rights = checkFlagTypeRights(command.admin, 'add');
  if (rights) return rights;
  if (!values.name) return FlagsErrors.paramRequired('name');
  if (!values.description) return FlagsErrors.paramRequired('description');
  const targetType = checkTargetType(command.targetType);
  if (isDomainError(targetType)) return targetType;
  const inclusions =
    values.inclusions === undefined ? EVERYWHERE : resolveClusions('inclusions', values.inclusions, command.products, command.admin);
  if (isDomainError(inclusions)) return inclusions;
  const exclusions =
    values.exclusions === undefined ? [] : resolveClusions('exclusions', values.exclusions, command.products, command.admin);
  if (isDomainError(exclusions)) return exclusions;
  const ccList = checkCcList(values.ccList ?? []);
  if (isDomainError(ccList)) return ccList;
  const description = checkFlagTypeDescription(values.description);
  if (isDomainError(description)) return description;
  const grantGroup = checkGroup(values.grantGroup ?? '', command.groups);
  if (isDomainError(grantGroup)) return grantGroup;
  const name = checkFlagTypeName(values.name);
  if (isDomainError(name)) return name;
  const requestGroup = checkGroup(values.requestGroup ?? '', command.groups);
  if (isDomainError(requestGroup)) return requestGroup;
  const sortKey = values.sortKey === undefined ? 1 : checkSortKey(values.sortKey);
  if (isDomainError(sortKey)) return sortKey;
  if (!isDatabaseId(command.typeId)) return FlagsErrors.idOutOfRange('flag type', command.typeId);
  return [
    {
      type: 'FlagTypeCreated',
      data: {
        typeId: command.typeId,
        name,
        description,
        targetType,
        sortKey,
        isActive: values.isActive ?? true,
        isRequestable: values.isRequestable ?? true,
        isRequesteeble: values.isRequesteeble ?? true,
        isMultiplicable: values.isMultiplicable ?? true,
        ccList,
        grantGroup,
        requestGroup,
        inclusions,
        exclusions,
      },
    },
  ];
}

/** `bug` or `attachment`; absent is 50 (the contract requires it, Bugzilla defaults to bug), other 53. */
function checkTargetType(raw: string | undefined): FlagTargetType | DomainError {
  if (raw === undefined) return FlagsErrors.paramRequired('target_type');
  const targetType = FLAG_TARGET_TYPES.find((candidate) => candidate === raw.trim().toLowerCase());
  return targetType ?? FlagsErrors.targetTypeInvalid(raw);
}
