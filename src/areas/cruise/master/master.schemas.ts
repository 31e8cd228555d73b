// Cruise master data as the API shows and takes it (spec part 2 "Cruise", contract §6 and §8.3): companies, areas,
// ships, cabin types, charge types, ports and ship cabins. A write without the id creates, with it updates (NOTFOUND
// if none); codes and names are required on every write, other fields absent on an update are kept.
import { type Static, Type } from '@sinclair/typebox';
import { Code, Id, Name, NullableText, OptionalText } from '../cruise.shared.js';

const HEX_COLOUR = '^#[0-9A-Fa-f]{6}$';
const Url = (description: string) => OptionalText(1000, description);
const Substring = (description: string) =>
  Type.Optional(Type.String({ maxLength: 200, description: `${description} (case-insensitive substring)` }));
const ExactCode = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));

export const Company = Type.Object({
  companyId: Type.Integer(),
  companyCode: Type.String(),
  companyName: Type.String(),
  color: NullableText('#RRGGBB'),
});
export type Company = Static<typeof Company>;
export const WriteCompanyRequest = Type.Object({
  companyId: Type.Optional(Id('Given: the company to update; absent: a new company')),
  companyCode: Code('Unique per tenant'),
  companyName: Name('Name'),
  color: Type.Optional(Type.String({ pattern: HEX_COLOUR, description: 'A colour to show it in, #RRGGBB' })),
});
export type WriteCompanyRequest = Static<typeof WriteCompanyRequest>;
export const ListCompaniesRequest = Type.Object({
  companyCode: ExactCode('Exact code'),
  companyName: Substring('Name'),
});
export type ListCompaniesRequest = Static<typeof ListCompaniesRequest>;

export const CruiseArea = Type.Object({ areaId: Type.Integer(), areaCode: Type.String(), areaName: Type.String() });
export type CruiseArea = Static<typeof CruiseArea>;
export const WriteAreaRequest = Type.Object({
  areaId: Type.Optional(Id('Given: the area to update; absent: a new area')),
  areaCode: Code('Unique per tenant'),
  areaName: Name('Name'),
});
export type WriteAreaRequest = Static<typeof WriteAreaRequest>;
export const ListAreasRequest = Type.Object({ areaCode: ExactCode('Exact code'), areaName: Substring('Name') });
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

export const CabinType = Type.Object({
  cabinTypeId: Type.Integer(),
  typeCode: Type.String(),
  typeName: Type.String(),
});
export type CabinType = Static<typeof CabinType>;
export const WriteCabinTypeRequest = Type.Object({
  cabinTypeId: Type.Optional(Id('Given: the cabin type to update; absent: a new one')),
  typeCode: Code('Unique per tenant'),
  typeName: Name('Name'),
});
export type WriteCabinTypeRequest = Static<typeof WriteCabinTypeRequest>;
export const ListCabinTypesRequest = Type.Object({ typeCode: ExactCode('Exact code'), typeName: Substring('Name') });
export type ListCabinTypesRequest = Static<typeof ListCabinTypesRequest>;

export const ChargeType = Type.Object({
  chargeTypeId: Type.Integer(),
  chargeTypeCode: Type.String(),
  chargeTypeName: Type.String(),
});
export type ChargeType = Static<typeof ChargeType>;
export const WriteChargeTypeRequest = Type.Object({
  chargeTypeId: Type.Optional(Id('Given: the charge type to update; absent: a new one')),
  chargeTypeCode: Code('Unique per tenant'),
  chargeTypeName: Name('Name'),
});
export type WriteChargeTypeRequest = Static<typeof WriteChargeTypeRequest>;
export const ListChargeTypesRequest = Type.Object({
  chargeTypeCode: ExactCode('Exact code'),
  chargeTypeName: Substring('Name'),
});
export type ListChargeTypesRequest = Static<typeof ListChargeTypesRequest>;

export const Port = Type.Object({
  portId: Type.Integer(),
  portCode: Type.String(),
  portName: Type.String(),
  country: NullableText('Country'),
  imageUrl: NullableText('Image'),
});
export type Port = Static<typeof Port>;
export const WritePortRequest = Type.Object({
  portId: Type.Optional(Id('Given: the port to update; absent: a new port')),
  portCode: Code('Unique per tenant'),
  portName: Name('Name'),
  country: OptionalText(100, 'Country'),
  imageUrl: Url('Image'),
});
export type WritePortRequest = Static<typeof WritePortRequest>;
export const ListPortsRequest = Type.Object({ portCode: ExactCode('Exact code'), portName: Substring('Name') });
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

export const companyIdRequest = Type.Object({ companyId: Id('The company') });
export const areaIdRequest = Type.Object({ areaId: Id('The area') });
export const shipIdRequest = Type.Object({ shipId: Id('The ship') });
export const cabinTypeIdRequest = Type.Object({ cabinTypeId: Id('The cabin type') });
export const chargeTypeIdRequest = Type.Object({ chargeTypeId: Id('The charge type') });
export const portIdRequest = Type.Object({ portId: Id('The port') });
export const shipCabinIdRequest = Type.Object({ shipCabinId: Id('The ship cabin') });
export const Deleted = Type.Boolean({ description: 'true: deleted' });
