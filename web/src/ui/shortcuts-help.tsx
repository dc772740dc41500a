import { Kbd, Modal, Table } from '@mantine/core';
import { SHORTCUTS } from '../shortcuts';

/** The `?` dialog: every keyboard shortcut of the console. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.keys}>
              <Table.Td className="nowrap">
                {s.keys.split(' ').map((k, i) =>
                  k === '/' && i > 0 ? (
                    ' / '
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a shortcut may repeat a key
                    <Kbd key={i} mr={4}>
                      {k}
                    </Kbd>
                  ),
                )}
              </Table.Td>
              <Table.Td>{s.does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
