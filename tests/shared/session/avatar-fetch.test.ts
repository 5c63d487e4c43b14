/** The header's picture is read from AVATAR.read's path at its version (the portal client adds the bearer token), as an object URL. */
import { afterEach, expect, it, vi } from 'vitest';
import { AVATAR } from '@contracts/people-avatar';
import { http } from '@/shared/http/http';
import { staffAuthApi } from '@/shared/session/api';

afterEach(() => vi.restoreAllMocks());

it("GETs the person's thumbnail at its version as a file and answers an object URL", async () => {
  const picture = new Blob(['png'], { type: 'image/png' });
  const get = vi.spyOn(http, 'get').mockResolvedValue({ data: picture });
  URL.createObjectURL = vi.fn(() => 'blob:avatar-5');
  expect(await staffAuthApi.avatar('3', 5)).toBe('blob:avatar-5');
  expect(get).toHaveBeenCalledWith(AVATAR.read.path.replace(':id', '3'), { params: { v: 5 }, responseType: 'blob' });
  expect(URL.createObjectURL).toHaveBeenCalledWith(picture);
});
