import type { FastifyInstance } from 'fastify';
import { contactListQuerySchema, contactPatchSchema } from '@common/schemas/contacts';
import type { AppContext } from '../../app-context';
import { parseId } from '../../lib/params';
import { parseInput } from '../../lib/validate';
import { requireUserId } from '../auth';
import { eraseContact, exportContact } from './contact-data.service';
import { contactsCsv } from './contacts-csv';
import {
  allOwnerContacts,
  listOwnerContacts,
  ownerContact,
  patchContact,
} from './contacts.service';

type IdParams = { Params: { id: string } };

/**
 * The owner's contacts (owner-scoped; another owner's contact is a 404): list, one with its
 * conversations, the owner's changes, the CSV of all, and one person's LGPD export and erasure.
 */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const hooks = ctx.hooks.contacts;
  const contactId = (request: { params: { id: string } }) =>
    parseId(request.params.id, 'CONTACT_NOT_FOUND');

  app.get('/api/contacts', async (request) => {
    const ownerId = requireUserId(request);
    return listOwnerContacts(ctx, ownerId, parseInput(contactListQuerySchema, request.query));
  });

  app.get('/api/contacts/export.csv', async (request, reply) => {
    const ownerId = requireUserId(request);
    const csv = contactsCsv(await allOwnerContacts(ctx, ownerId));
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="contatos.csv"');
    reply.header('Cache-Control', 'no-store');
    return csv;
  });

  app.get<IdParams>('/api/contacts/:id', async (request) => {
    const ownerId = requireUserId(request);
    return ownerContact(ctx, hooks, ownerId, contactId(request));
  });

  app.patch<IdParams>('/api/contacts/:id', async (request) => {
    const ownerId = requireUserId(request);
    const id = contactId(request);
    const patch = parseInput(contactPatchSchema, request.body ?? {});
    return patchContact(ctx, hooks, ownerId, id, patch);
  });

  app.get<IdParams>('/api/contacts/:id/export', async (request, reply) => {
    const ownerId = requireUserId(request);
    const data = await exportContact(ctx, hooks, ownerId, contactId(request));
    reply.header('Content-Disposition', `attachment; filename="contato-${data.contact.id}.json"`);
    reply.header('Cache-Control', 'no-store');
    return data;
  });

  app.delete<IdParams>('/api/contacts/:id', async (request, reply) => {
    const ownerId = requireUserId(request);
    await eraseContact(ctx, hooks, ownerId, contactId(request));
    return reply.status(204).send();
  });
}
