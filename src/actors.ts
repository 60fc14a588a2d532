/** Actors the service itself acts as (DESIGN.md "Fixed words"). */

/** The actor of writes made by the service, and of any write while authentication is off. */
export const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';

/** The built-in admin user. */
export const ADMIN_ACTOR = 'urn:li:corpuser:datahub';
