import { describe, expect, it } from 'vitest';
import { linkify, renderMailPage } from '@/server/modules/dev/mail-page';
import { invitationEmail } from '@/server/modules/invitations/invitation-email';

const message = {
  id: 7,
  to: 'friend@example.com',
  subject: 'Pat <b>dared</b> you',
  text: 'Open http://localhost:3000/invite/abc?x=1&y=2 now <script>alert(1)</script>',
  html: '<p>Hi "friend"</p><script>alert(1)</script>',
  createdAt: '2026-11-24T15:00:00.000Z',
  sentAt: null,
  error: null,
};

describe('/dev/mail page', () => {
  it('turns addresses into links and escapes everything else', () => {
    expect(linkify('a <b> http://x.test/p?a=1&b=2 c')).toBe(
      'a &lt;b&gt; <a href="http://x.test/p?a=1&amp;b=2">http://x.test/p?a=1&amp;b=2</a> c',
    );
  });

  it('renders the HTML part only inside a sandboxed srcdoc frame, escaped', () => {
    const page = renderMailPage([message]);
    expect(page).toContain('Pat &lt;b&gt;dared&lt;/b&gt; you');
    expect(page).not.toContain('<script>');
    expect(page).toContain('sandbox="allow-popups');
    expect(page).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(page).toContain(
      'srcdoc="&lt;base target=&quot;_top&quot;&gt;&lt;p&gt;Hi &quot;friend&quot;',
    );
    expect(page).toContain('<span class="state queued">Queued</span>');
    expect(renderMailPage([{ ...message, sentAt: '2026-11-24T15:01:00.000Z' }])).toContain(
      'Sent 2026-11-24T15:01:00.000Z',
    );
    expect(renderMailPage([])).toContain('No emails yet.');
  });
});

describe('invitation email', () => {
  it('has the link in both parts and user text escaped in HTML', () => {
    const email = invitationEmail({
      to: 'friend@example.com',
      creatorName: 'Al & <Co>',
      dareTitle: 'Eat "one" <lemon>',
      targetDollars: 25,
      link: 'http://localhost:3000/invite/tok',
      expiresAt: new Date('2026-12-01T12:00:00Z'),
    });
    expect(email.subject).toBe('Al & <Co> dared you: "Eat "one" <lemon>"');
    expect(email.text).toContain('http://localhost:3000/invite/tok');
    expect(email.text).toContain('The goal is $25.00 in pledges');
    expect(email.text).toContain('expires on December 1, 2026 (UTC)');
    expect(email.html).toContain('<a href="http://localhost:3000/invite/tok"');
    expect(email.kind).toBe('challenge_invitation');
    expect(email.html).toContain('Al &amp; &lt;Co&gt;');
    expect(email.html).toContain('Eat &quot;one&quot; &lt;lemon&gt;');
  });
});
