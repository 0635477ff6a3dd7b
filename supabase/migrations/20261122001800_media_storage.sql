-- One public bucket for the site's media. Public buckets are read by URL without
-- RLS, so there is no broad SELECT policy: listing stays closed to visitors.
-- Images up to 10 MB; PDFs only under certificates/ (certificate documents).
-- SVG is not accepted: it can carry script.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'media', 'media', true, 10485760,
  array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Admins can list media objects"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'media' and (select private.is_admin()));

create policy "Admins can upload media objects"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'media'
    and (select private.is_admin())
    and (lower(storage.extension(name)) <> 'pdf' or (storage.foldername(name))[1] = 'certificates')
  );

create policy "Admins can replace media objects"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'media' and (select private.is_admin()))
  with check (
    bucket_id = 'media'
    and (select private.is_admin())
    and (lower(storage.extension(name)) <> 'pdf' or (storage.foldername(name))[1] = 'certificates')
  );

create policy "Admins can delete media objects"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'media' and (select private.is_admin()));
