const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are uuids: anything else names nothing, and must not reach the database as one (a 500 there). */
export const isUuid = (id: string) => UUID.test(id);
