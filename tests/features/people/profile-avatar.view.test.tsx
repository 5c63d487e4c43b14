/** The avatar card on the profile over msw: upload a picture, a refusal kept beside it, remove. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@contracts/people';
import ProfileScreen from '@/features/people/screens/ProfileScreen';
import { peopleApi } from '@/features/people/api';
import { ApiError } from '@/shared/http/http';
import { onAvatarChange } from '@/shared/session/avatar-changes';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';

const PROFILE: Profile = {
  id: 3, email: 'avery@demo.test', name: 'Avery Agent', title: null, phone: null, department: 'Support', managerName: null, timeZone: null,
  workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] }, theme: 'system', landingPage: '/home', quietHours: null, notifications: [],
  avatarVersion: null,
};
const REFUSED = 'face.png is a HTML or other markup file; an avatar must be a PNG, JPEG or WebP image';

let stored: number | null = null;
const server = setupServer(
  http.get('*/api/v2/profile', () => HttpResponse.json({ ...PROFILE, avatarVersion: stored })),
  http.get('*/api/v2/forms/kudos/received/:person', () => HttpResponse.json([])),
  http.get('*/api/v2/preferences/table-size/:table', () => HttpResponse.json({ size: null })),
  http.delete('*/api/v2/profile/avatar', () => {
    stored = null;
    return HttpResponse.json({ avatarVersion: null });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:avatar');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
showNoticesAsToasts();

describe('avatar on the profile', () => {
  it('uploads a picture and shows it, keeps a refusal beside it, and removes it; the header hears the removal', async () => {
    const heard: (number | null)[] = [];
    const stop = onAvatarChange((v) => heard.push(v));
    // The upload as the machine makes it (jsdom's File does not survive msw's copy of a multipart body; the API tests check the request).
    const sent: string[] = [];
    const upload = vi.spyOn(peopleApi, 'uploadAvatar').mockImplementation(async (file) => {
      sent.push(file.name);
      if (file.name === 'face.png') throw new ApiError(415, 'unsupported_media_type', REFUSED, { files: REFUSED });
      stored = 8;
      return 8;
    });
    // The picture as a Blob (jsdom's XHR cannot answer one through msw).
    const fetchPicture = vi.spyOn(peopleApi, 'avatar').mockResolvedValue(new Blob(['webp'], { type: 'image/webp' }));
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderAt('/user/options', <ProfileScreen />);
    const card = (await screen.findByRole('heading', { name: 'Avatar' })).parentElement!;
    expect(within(card).getByText('AA')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    const input = () => card.querySelector('input[type="file"]') as HTMLInputElement;

    await user.upload(input(), new File(['<svg/>'], 'face.png', { type: 'image/png' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(REFUSED);
    expect(heard).toEqual([]);

    await user.upload(input(), new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(card.querySelector('img')).toHaveAttribute('src', 'blob:avatar'));
    expect(within(card).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('Avatar saved'));

    // A picture the browser already calls something else is refused before it is sent.
    await user.upload(input(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('cv.pdf is a PDF document file; an avatar must be a PNG, JPEG or WebP image');
    expect(card.querySelector('img')).toHaveAttribute('src', 'blob:avatar');

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(within(card).getByText('AA')).toBeInTheDocument();
    expect(sent).toEqual(['face.png', 'me.png']);
    expect(heard).toEqual([null]);
    expect(fetchPicture.mock.calls).toEqual([[3, 8]]);
    upload.mockRestore();
    fetchPicture.mockRestore();
    stop();
  });
});
