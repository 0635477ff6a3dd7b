-- Uploads go through the `media` Edge Function only. Storage checks a file's declared
-- Content-Type against the bucket's list but never looks at the bytes, so an admin
-- token could store HTML or an SVG labelled image/png. The function reads the file's
-- first bytes, refuses anything that is not the accepted image (or certificate PDF) it
-- claims to be, and stores it with the service role. Administrators keep listing and
-- deleting objects directly; nobody but the service role writes them.
drop policy if exists "Admins can upload media objects" on storage.objects;
drop policy if exists "Admins can replace media objects" on storage.objects;
