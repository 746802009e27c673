import { describe, expect, it } from 'vitest';
import { ApiError, bannerText, classifyError, severityOf } from '../../src/dataProviders/errors';

const response = (status: number, body?: unknown, message = 'x') =>
  new ApiError('response', status, message, '/any', body);

describe('error banner classification', () => {
  it('shows the body status, a dash and the message', () => {
    const c = classifyError(response(409, { status: 409, message: 'Name already in use' }), '/admin/roles');
    expect(c.banner).toEqual({ status: 409, message: 'Name already in use', severity: 'warning' });
    expect(bannerText(c.banner!)).toBe('409 - Name already in use');
  });

  it('colours 1xx blue, 4xx orange, everything else red', () => {
    expect(severityOf(101)).toBe('info');
    expect(severityOf(404)).toBe('warning');
    expect(severityOf(500)).toBe('error');
    expect(severityOf(302)).toBe('error');
    expect(classifyError(response(502, undefined, 'Bad Gateway'), '/x').banner?.severity).toBe('error');
  });

  it('uses the status text when only an HTTP status is known', () => {
    expect(classifyError(response(404, undefined, ''), '/x').banner).toEqual({
      status: 404,
      message: 'Not Found',
      severity: 'warning',
    });
    expect(classifyError(response(503, 'plain text body', ''), '/x').banner?.message).toBe('Service Unavailable');
  });

  it('reports a request without a response as 500 "An error occurred"', () => {
    expect(classifyError(new ApiError('network', 0, '', '/x'), '/x').banner).toEqual({
      status: 500,
      message: 'An error occurred',
      severity: 'error',
    });
  });

  it('reports anything else as 400 "Internal front-end error"', () => {
    expect(classifyError(new TypeError('boom'), '/x').banner).toEqual({
      status: 400,
      message: 'Internal front-end error',
      severity: 'warning',
    });
  });

  it('logs out on 403 "The token is expired" without a banner', () => {
    expect(classifyError(response(403, { status: 403, message: 'The token is expired' }), '/sensors')).toEqual({
      logout: true,
    });
  });

  it('hides "non-existent channel" and other 403s except under /login and /migrate', () => {
    expect(classifyError(response(400, { status: 400, message: 'non-existent channel' }), '/x').banner).toBeUndefined();
    expect(classifyError(response(403, { status: 403, message: 'Forbidden' }), '/sensors').banner).toBeUndefined();
    expect(
      classifyError(response(403, { status: 403, message: 'This account is disabled' }), '/login/basic').banner?.status,
    ).toBe(403);
    expect(classifyError(response(403, { status: 403, message: 'Nope' }), '/migrate/x').banner?.status).toBe(403);
  });

  it("ends the session on a 401 of a request that carried it, with the answer's reason", () => {
    const ended = response(401, { status: 401, message: 'The session has ended. Please sign in again.' });
    expect(classifyError(ended, '/sensors', [], true)).toEqual({
      logout: true,
      logoutMessage: 'The session has ended. Please sign in again.',
    });
    expect(classifyError(response(401, undefined, ''), '/sensors', [], true).logoutMessage).toBe(
      'The session has ended. Please sign in again.',
    );
    // A wrong password at sign-in carries no session: a banner, no logout.
    expect(
      classifyError(response(401, { status: 401, message: 'Invalid username or password' }), '/login/basic'),
    ).toMatchObject({ logout: false, banner: { status: 401 } });
    expect(classifyError(ended, '/logout', [401], true)).toEqual({ logout: false });
  });

  it('stays silent for declared statuses and cancelled requests', () => {
    expect(classifyError(response(404, { status: 404, message: 'gone' }), '/x', [404]).banner).toBeUndefined();
    expect(classifyError(new ApiError('cancelled', 0, '', '/x'), '/x')).toEqual({ logout: false });
    expect(classifyError(new DOMException('aborted', 'AbortError'), '/x')).toEqual({ logout: false });
  });
});
