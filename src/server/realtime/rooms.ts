/**
 * The Socket.IO rooms a staff socket joins (realtime/socket.ts puts it there, never the client),
 * and the rooms each module's listener sends its client events to.
 */
import type { Module } from '../../shared/subroles.js';

/** Every staff socket of the society (its header's logo). */
export const societyRoom = (societyId: number) => `society:${societyId}`;
/** The society's staff whose sub-role may use `module` (its desk's events). */
export const moduleRoom = (societyId: number, module: Module) => `society:${societyId}:${module}`;
/** The society's staff of one sub-role. */
export const subRoleRoom = (societyId: number, subRole: string) => `society:${societyId}:sub:${subRole}`;
/** Alarm rooms: button-one (security module) and super-admin (escalations, acknowledgements). */
export const alarmRooms = (societyId: number) => [moduleRoom(societyId, 'security'), subRoleRoom(societyId, 'super-admin')];
/** Every socket of one staff account (closed when the account changes). */
export const staffRoom = (staffId: number) => `staff:${staffId}`;
/** Every socket of one session (closed at logout). `tokenHash` is SHA-256 hex. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** A resident account's room: its sessions and sockets end when the account changes (Approve, Block). */
export const residentRoom = (residentId: number) => `resident:${residentId}`;
/** One resident bearer token's room (ended at its sign-out). `tokenHash` is SHA-256 hex. */
export const residentSessionRoom = (tokenHash: string) => `resident-session:${tokenHash}`;
