// Cruise master data as the API shows and takes it (spec part 2 "Cruise", contract §6 and §8.3): companies, areas,
// ships, cabin types, charge types, ports and ship cabins. A write without the id creates, with it updates (NOTFOUND
// if none); codes and names are required on every write, other fields absent on an update are kept.
import { type Static, type TObject, Type } from '@sinclair/typebox';
import { Code, Id, keyed, Name, NullableText, OptionalText } from '../cruise.shared.js';

const HEX_COLOUR = '^#[0-9A-Fa-f]{6}$';
const Url = (description: string) => OptionalText(1000, description);
const Substring = (description: string) =>
  Type.Optional(Type.String({ maxLength: 200, description: `${description} (case-insensitive substring)` }));
const ExactCode = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));

/**
 * The record, write and list filter of an entity that is a code and a name (areas, cabin types, charge types;
 * companies and ports add a few fields): the code unique per tenant and filtered exactly, the name by substring.
 * `writeId` describes the write's optional id.
 */
function codeAndName<I extends string, C extends string, N extends string>(
  keys: { id: I; code: C; name: N },
  writeId: string,
) {
  return {
    record: {
      ...keyed(keys.id, Type.Integer()),
      ...keyed(keys.code, Type.String()),
      ...keyed(keys.name, Type.String()),
    },
    write: {
      ...keyed(keys.id, Type.Optional(Id(writeId))),
      ...keyed(keys.code, Code('Unique per tenant')),
      ...keyed(keys.name, Name('Name')),
    },
    list: { ...keyed(keys.code, ExactCode('Exact code')), ...keyed(keys.name, Substring('Name')) },
  };
}

const company = codeAndName(
  { id: 'companyId', code: 'companyCode', name: 'companyName' },
  'Given: the company to update; absent: a new company',
);
export const Company = Type.Object({ ...company.record, color: NullableText('#RRGGBB') });
export type Company = Static<typeof Company>;
export const WriteCompanyRequest = Type.Object({
  ...company.write,
  color: Type.Optional(Type.String({ pattern: HEX_COLOUR, description: 'A colour to show it in, #RRGGBB' })),
});
export type WriteCompanyRequest = Static<typeof WriteCompanyRequest>;
export const ListCompaniesRequest = Type.Object(company.list);
export type ListCompaniesRequest = Static<typeof ListCompaniesRequest>;

const area = codeAndName(
  { id: 'areaId', code: 'areaCode', name: 'areaName' },
  'Given: the area to update; absent: a new area',
);
export const CruiseArea = Type.Object(area.record);
export type CruiseArea = Static<typeof CruiseArea>;
export const WriteAreaRequest = Type.Object(area.write);
export type WriteAreaRequest = Static<typeof WriteAreaRequest>;
export const ListAreasRequest = Type.Object(area.list);
export type ListAreasRequest = Static<typeof ListAreasRequest>;
export const GetCruiseAreaRequest = Type.Object({
  areaId: Type.Optional(Id('The area (or areaCode)')),
  areaCode: Type.Optional(Type.String({ maxLength: 40, description: 'The area by its code (or areaId)' })),
});
export type GetCruiseAreaRequest = Static<typeof GetCruiseAreaRequest>;

export const Ship = Type.Object({
  shipId: Type.Integer(),
  companyId: Type.Integer(),
  shipCode: Type.String(),
  shipName: Type.String(),
  shipDescription: NullableText('Description'),
  docUrl: NullableText('A document about the ship (deck plans, fact sheet)'),
});
export type Ship = Static<typeof Ship>;
export const WriteShipRequest = Type.Object({
  shipId: Type.Optional(Id('Given: the ship to update; absent: a new ship')),
  companyId: Id('The company operating it (NOTFOUND if none)'),
  shipCode: Code('Unique within the company'),
  shipName: Name('Name'),
  shipDescription: OptionalText(4000, 'Description'),
  docUrl: Url('A document about the ship'),
});
export type WriteShipRequest = Static<typeof WriteShipRequest>;
export const ListShipsRequest = Type.Object({
  companyId: Type.Optional(Id("Only this company's ships")),
  shipName: Substring('Name'),
});
export type ListShipsRequest = Static<typeof ListShipsRequest>;

const cabinType = codeAndName(
  { id: 'cabinTypeId', code: 'typeCode', name: 'typeName' },
  'Given: the cabin type to update; absent: a new one',
);
export const CabinType = Type.Object(cabinType.record);
export type CabinType = Static<typeof CabinType>;
export const WriteCabinTypeRequest = Type.Object(cabinType.write);
export type WriteCabinTypeRequest = Static<typeof WriteCabinTypeRequest>;
export const ListCabinTypesRequest = Type.Object(cabinType.list);
export type ListCabinTypesRequest = Static<typeof ListCabinTypesRequest>;

const chargeType = codeAndName(
  { id: 'chargeTypeId', code: 'chargeTypeCode', name: 'chargeTypeName' },
  'Given: the charge type to update; absent: a new one',
);
export const ChargeType = Type.Object(chargeType.record);
export type ChargeType = Static<typeof ChargeType>;
export const WriteChargeTypeRequest = Type.Object(chargeType.write);
export type WriteChargeTypeRequest = Static<typeof WriteChargeTypeRequest>;
export const ListChargeTypesRequest = Type.Object(chargeType.list);
export type ListChargeTypesRequest = Static<typeof ListChargeTypesRequest>;

const port = codeAndName(
  { id: 'portId', code: 'portCode', name: 'portName' },
  'Given: the port to update; absent: a new port',
);
export const Port = Type.Object({ ...port.record, country: NullableText('Country'), imageUrl: NullableText('Image') });
export type Port = Static<typeof Port>;
export const WritePortRequest = Type.Object({
  ...port.write,
  country: OptionalText(100, 'Country'),
  imageUrl: Url('Image'),
});
export type WritePortRequest = Static<typeof WritePortRequest>;
export const ListPortsRequest = Type.Object(port.list);
export type ListPortsRequest = Static<typeof ListPortsRequest>;

const Capacity = (description: string) => Type.Integer({ minimum: 1, maximum: 50, description });
export const ShipCabin = Type.Object({
  shipCabinId: Type.Integer(),
  shipId: Type.Integer(),
  cabinTypeId: Type.Integer(),
  cabinCode: Type.String(),
  cabinName: NullableText('Name'),
  capacity: Type.Integer({ description: 'Passengers it sleeps' }),
  description: NullableText('Description'),
});
export type ShipCabin = Static<typeof ShipCabin>;
export const WriteShipCabinRequest = Type.Object({
  shipCabinId: Type.Optional(Id('Given: the cabin to update; absent: a new cabin')),
  shipId: Id('The ship (NOTFOUND if none)'),
  cabinTypeId: Id('The cabin type (NOTFOUND if none)'),
  cabinCode: Code('Unique within the ship'),
  cabinName: OptionalText(200, 'Name'),
  capacity: Type.Optional(Capacity('Passengers it sleeps (a new cabin: 2)')),
  description: OptionalText(4000, 'Description'),
});
export type WriteShipCabinRequest = Static<typeof WriteShipCabinRequest>;
export const ListShipCabinsRequest = Type.Object({ shipId: Id('The ship whose cabins to list') });
export type ListShipCabinsRequest = Static<typeof ListShipCabinsRequest>;
export const BulkAssignRequest = Type.Object({
  shipId: Id('The ship (NOTFOUND if none)'),
  cabinTypeIds: Type.Array(Id(), {
    minItems: 1,
    maxItems: 200,
    description: 'Cabin types to give the ship one cabin each (NOTFOUND if one is unknown); a type it has is skipped',
  }),
  defaultMaxPax: Type.Optional(Capacity("Every new cabin's capacity (default 2)")),
});
export type BulkAssignRequest = Static<typeof BulkAssignRequest>;

/** An entity's four schemas as its list, read, write and delete operations take them (`id`: read and delete). */
const entity = <R extends TObject, W extends TObject, L extends TObject, K extends string>(
  record: R,
  write: W,
  list: L,
  id: [key: K, description: string],
) => ({ record, write, list, id: Type.Object(keyed(id[0], Id(id[1]))) });

export const companySchemas = entity(Company, WriteCompanyRequest, ListCompaniesRequest, ['companyId', 'The company']);
export const areaSchemas = entity(CruiseArea, WriteAreaRequest, ListAreasRequest, ['areaId', 'The area']);
export const shipSchemas = entity(Ship, WriteShipRequest, ListShipsRequest, ['shipId', 'The ship']);
export const cabinTypeSchemas = entity(CabinType, WriteCabinTypeRequest, ListCabinTypesRequest, [
  'cabinTypeId',
  'The cabin type',
]);
export const chargeTypeSchemas = entity(ChargeType, WriteChargeTypeRequest, ListChargeTypesRequest, [
  'chargeTypeId',
  'The charge type',
]);
export const portSchemas = entity(Port, WritePortRequest, ListPortsRequest, ['portId', 'The port']);
export const shipCabinSchemas = entity(ShipCabin, WriteShipCabinRequest, ListShipCabinsRequest, [
  'shipCabinId',
  'The ship cabin',
]);
export const Deleted = Type.Boolean({ description: 'true: deleted' });
