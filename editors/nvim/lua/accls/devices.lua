-- :AcclsDevice — choose the OpenCL device that :AcclsRun uses. Without an
-- argument it lists the server's devices (`accls/devices`) with
-- vim.ui.select; `:AcclsDevice SELECTOR` selects directly (`gpu`, `cpu`,
-- `P:D`, an index or part of a name, as for `accls run --device`, or `host`:
-- each compute construct's own C code on the host, no OpenCL). The
-- selection is the server's (`accls/selectDevice`) and lasts for the
-- session; the `device` setting (setup{settings = {accls = {device = …}}})
-- is the default.
--
-- Protocol: docs/lsp-extensions.md.
local util = require('accls.util')

local M = {}

--- The last DevicesResult seen (for the statusline: M.current()).
M.last = nil

local function size(bytes)
  if type(bytes) ~= 'number' or bytes <= 0 then
    return nil
  end
  if bytes >= 2 ^ 30 then
    return string.format('%.0f GiB', bytes / 2 ^ 30)
  end
  return string.format('%.0f MiB', bytes / 2 ^ 20)
end

--- One device as a line of the picker.
function M.label(d)
  if type(d) ~= 'table' then
    return tostring(d)
  end
  if d.host then
    local sel = M.last and type(M.last.selected) == 'string' and M.last.selected:lower() == 'host'
    return '[host] the host — each compute construct\'s own C code, no OpenCL' .. (sel and '  ← selected' or '')
  end
  local extra = { tostring(d.type or '?') }
  if d.computeUnits and d.computeUnits ~= 0 then
    table.insert(extra, d.computeUnits .. ' CUs')
  end
  table.insert(extra, size(d.globalMemBytes))
  local s = string.format('[%s] %s — %s (%s)', tostring(d.selector), tostring(d.name), tostring(d.platform),
    table.concat(vim.tbl_filter(function(x)
      return x ~= nil
    end, extra), ', '))
  if M.last and M.last.selectedIndex == d.index then
    s = s .. '  ← selected'
  end
  if d.available == false then
    s = s .. '  (not available)'
  end
  return s
end

--- The host, offered after the devices (the selector `host`).
M.host = { selector = 'host', host = true }

--- The name of the selected device, or nil.
function M.current()
  local r = M.last
  if type(r) == 'table' and type(r.selected) == 'string' and r.selected:lower() == 'host' then
    return 'the host'
  end
  if type(r) ~= 'table' or type(r.selectedIndex) ~= 'number' then
    return nil
  end
  for _, d in ipairs(r.devices or {}) do
    if d.index == r.selectedIndex then
      return d.name
    end
  end
end

local function client_or_warn()
  local client = util.client(0) or util.clients()[1]
  if not client then
    return nil, 'accls is not running'
  end
  if not util.supports(client, 'devices') then
    return nil, 'this accls cannot list devices (accls/devices); update accls'
  end
  return client
end

--- fetch(done, refresh): done(err, result) with the server's DevicesResult.
function M.fetch(done, refresh)
  local client, why = client_or_warn()
  if not client then
    return done(why)
  end
  -- An empty Lua table would be sent as [], not {}.
  local params = refresh and { refresh = true } or vim.empty_dict()
  util.request(client, 'accls/devices', params, function(err, result)
    if err then
      return done('accls/devices failed: ' .. util.error_text(err))
    end
    M.last = result
    done(nil, result)
  end)
end

--- set(selector, done): makes selector the device of runs; done(err, result).
function M.set(selector, done)
  local client, why = client_or_warn()
  if not client then
    util.warn(why)
    return done and done(why)
  end
  util.request(client, 'accls/selectDevice', { device = selector }, function(err, result)
    if err then
      local msg = 'cannot select ' .. vim.inspect(selector) .. ': ' .. util.error_text(err)
      util.warn(msg)
      return done and done(msg)
    end
    M.last = result
    local name = M.current()
    if type(result) == 'table' and type(result.error) == 'string' and result.error ~= '' then
      util.warn(string.format('device %q selected, not checked: %s', selector, result.error))
    else
      util.info(string.format('runs use %s', name or (selector == '' and 'the default device' or selector)))
    end
    if done then
      done(nil, result)
    end
  end)
end

--- select(selector, done): with a selector, selects it; without, asks with
--- vim.ui.select. done(err, result) when the selection is made (or not).
function M.select(selector, done)
  if selector then
    return M.set(selector, done)
  end
  M.fetch(function(err, result)
    if err then
      util.warn(err)
      return done and done(err)
    end
    local devices = result.devices or {}
    if #devices == 0 then
      local msg = 'no OpenCL device' .. (type(result.error) == 'string' and result.error ~= '' and (': ' .. result.error) or '')
      util.warn(msg)
      return done and done(msg)
    end
    local choices = vim.list_extend(vim.list_slice(devices), { M.host })
    vim.ui.select(choices, { prompt = 'OpenCL device for :AcclsRun', format_item = M.label, kind = 'accls.device' },
      function(choice)
        if not choice then
          return done and done('nothing chosen')
        end
        M.set(choice.selector, done)
      end)
  end)
end

return M
