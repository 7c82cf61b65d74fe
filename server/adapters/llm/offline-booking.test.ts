import { describe, expect, it } from 'vitest';
import { asksToBook } from './offline-booking';

describe('asksToBook', () => {
  it.each([
    'Quero agendar um horário',
    'Oi! Dá pra marcar um corte amanhã?',
    'tem horário livre sábado?',
    'Quais os horários disponíveis?',
    'Gostaria de fazer uma reserva',
    'Preciso remarcar minha consulta',
    'AGENDAMENTO',
    'Queria marcar uma consulta pra sexta',
    'Can I book an appointment for Friday?',
    'Do you have free slots tomorrow?',
    'Quiero reservar una cita',
  ])('recognises "%s"', (message) => {
    expect(asksToBook(message)).toBe(true);
  });

  it.each([
    'Qual o horário de funcionamento?',
    'Vocês abrem amanhã?',
    'Não quero agendar agora, só saber o preço',
    'Quanto custa o corte?',
    'Obrigado!',
    'What are your opening hours?',
    'Marca de shampoo que vocês usam?',
  ])('leaves "%s" alone', (message) => {
    expect(asksToBook(message)).toBe(false);
  });
});
