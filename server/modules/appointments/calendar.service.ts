import { createHash, createHmac, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarFeed } from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { feedAppointments } from './appointments.repo';
import * as repo from './calendar.repo';

/**
 * The owner's calendar feed: an ICS file at a secret URL that Google Calendar, Apple Calendar or
 * Outlook subscribe to (no OAuth). The token is HMAC-SHA256(APP_SECRET, owner and a random nonce),
 * so the owner's URL can be shown again and again while the database keeps only the nonce and the
 * token's SHA-256 (the lookup key): a copy of the database alone opens no feed. Rotating draws a
 * new nonce; the old URL is a 404 from then on.
 */

const FEED_PAST_DAYS = 30;

function tokenOf(ctx: AppContext, ownerId: number, nonce: string): string {
  return createHmac('sha256', ctx.appSecret)
    .update(`calendar-feed:${ownerId}:${nonce}`)
    .digest('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function feedUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/api/public/calendar/${token}.ics`;
}

function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** GET /api/calendar: the owner's feed URL, made on the first call. */
export async function calendarFeed(ctx: AppContext, ownerId: number): Promise<CalendarFeed> {
  const db = ctx.database.db;
  let nonce = (await repo.findFeed(db, ownerId))?.nonce;
  if (!nonce) {
    const fresh = newNonce();
    nonce = await repo.createFeed(db, ownerId, fresh, hashOf(tokenOf(ctx, ownerId, fresh)));
  }
  return { url: feedUrl(ctx, tokenOf(ctx, ownerId, nonce)) };
}

/** POST /api/calendar/rotate */
export async function rotateCalendarFeed(ctx: AppContext, ownerId: number): Promise<CalendarFeed> {
  const nonce = newNonce();
  const token = tokenOf(ctx, ownerId, nonce);
  await repo.replaceFeed(ctx.database.db, ownerId, nonce, hashOf(token));
  return { url: feedUrl(ctx, token) };
}

/**
 * The ICS text of the feed a token opens: the owner's confirmed appointments of the past 30 days
 * and the future, in UTC, one event per appointment with a stable UID (a move updates the event,
 * a cancellation removes it from the feed).
 */
export async function calendarIcs(ctx: AppContext, token: string): Promise<string> {
  const ownerId =
    token.length > 0 && token.length <= 64
      ? await repo.ownerOfToken(ctx.database.db, hashOf(token))
      : null;
  if (ownerId === null) throw new AppError('CALENDAR_NOT_FOUND');
  const since = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000);
  const rows = await feedAppointments(ctx.database.db, ownerId, since);
  const host = new URL(ctx.config.PUBLIC_URL).hostname;
  // The business's name (the booking page's, else the agent's) names the calendar when the
  // owner has one, and heads each event's notes (never the agent's name alone).
  const names = [...new Set(rows.map((row) => row.businessName))];
  const calendar = ical({
    name: names.length === 1 ? `Agenda · ${names[0]}` : 'Agenda',
    prodId: { company: 'ai-agent-builder', product: 'agenda', language: 'PT' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: `appointment-${row.id}@${host}`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: row.updatedAt,
      summary: `${row.serviceName} — ${row.customerName}`,
      description: `${row.businessName}\n+${row.customerPhone}`,
    });
  }
  return calendar.toString();
}
